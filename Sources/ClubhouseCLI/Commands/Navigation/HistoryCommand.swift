import ArgumentParser
import Clubhouse

struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List your navigation changes, newest first.",
        discussion: """
            The newest 500 entries are kept, undos included (an undo is an entry too), and \
            'clubhouse undo' steps back through the changes still listed. The home tab's \
            page is spelled as its link: home/results.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    // Unconditional, so that `--limit -1` is a limit out of range rather than a missing value.
    @Option(parsing: .unconditional, help: "How many changes to list (1–500).")
    var limit = 20

    func run() throws {
        let outcome = try CommandContext.look(global, .history(limit: limit))
        guard case .history(let entries) = outcome.result else { return }
        if output.json {
            Output.print(try JSONOutput.render(entries.map(HistoryJSON.init)))
        } else if entries.isEmpty {
            Output.print("No navigation changes yet.")
        } else {
            Output.print(entries.map(TextOutput.historyLine).joined(separator: "\n"))
        }
    }
}
