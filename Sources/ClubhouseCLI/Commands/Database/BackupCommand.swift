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
        let copy = try ClubhouseApp.backup(source, to: destination)
        Output.print(
            "Backed up \(Output.line(source.path)) to \(Output.line(destination.path)) (schema \(copy.version), \(copy.bytes) bytes)"
        )
    }
}
