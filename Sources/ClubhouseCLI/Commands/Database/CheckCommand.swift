import ArgumentParser
import Clubhouse

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the database for damage and for values this clubhouse cannot read.",
        discussion: """
            Runs SQLite's integrity and foreign-key checks, compares the tables with the schema \
            version the file records, and checks what SQLite cannot: the type of every stored \
            value, values no constraint covers, password hashes, and saved navigation against the \
            data (screens whose records are gone, drafts their forms would refuse). Prints one \
            line per problem and exits 0 only when there is none. Reads only: the file is never \
            created, upgraded or repaired.
            """
    )

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let location = try CommandContext.location(global)
        let report = try LongWork.run { try ClubhouseApp.check(location) }
        for note in report.notes { Output.note(note) }
        for problem in report.problems { Output.print("problem: \(Output.line(problem))") }
        if report.problems.isEmpty {
            Output.print("ok: \(Output.line(location.path)) passed every check (schema \(report.version))")
        } else {
            let count = report.problems.count
            throw InputError(message: "\(count) problem\(count == 1 ? "" : "s") found in \(location.path)")
        }
    }
}
