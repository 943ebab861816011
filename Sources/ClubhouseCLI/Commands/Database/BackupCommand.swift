import ArgumentParser
import Clubhouse

struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the database to a new file, safely while other commands run.",
        discussion: """
            Uses SQLite's online backup: the copy is one consistent state even while other \
            clubhouse commands write (they wait for the moment it takes). FILE must not exist \
            yet; it is created readable by you only. Check the copy with:
              clubhouse check --database FILE
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("Where to write the copy (a new file).", valueName: "file"))
    var file: String

    func run() throws {
        let source = try CommandContext.location(global)
        guard !file.isEmpty else { throw InputError(message: "backup needs the path of a new file") }
        let destination = try ClubhouseApp.Location(path: file)
        let copy: ClubhouseApp.BackupReport
        do {
            copy = try LongWork.run { try ClubhouseApp.backup(source, to: destination) }
        } catch let error as StorageError {
            // What went wrong with the copy is said of the copy, not of "the database".
            switch error {
            case .cannotOpen(let path, let reason) where path == destination.path:
                throw InputError(message: "cannot write the copy to \(path): \(reason)")
            case .readOnly(let path) where path == destination.path:
                throw InputError(message: "cannot write the copy to \(path): its folder is read-only")
            case .folderMissing(let path) where path == destination.path:
                throw InputError(message: "cannot write the copy to \(path): its folder does not exist")
            default: throw error
            }
        }
        Output.print(
            "Backed up \(Output.line(source.path)) to \(Output.line(destination.path)) (schema \(copy.version), \(copy.bytes) bytes)"
        )
    }
}
