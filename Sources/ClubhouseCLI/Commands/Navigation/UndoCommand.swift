import ArgumentParser
import Clubhouse

struct UndoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Return to where you were before the last navigation change.",
        discussion: """
            Only navigation is undone, never data: a player added stays added. A screen whose \
            record has gone since is left out. Repeat to go further back.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        try ScreenCommand.run(CommandOptions(global, output), Command(.undo))
    }
}

struct ReopenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reopen",
        abstract: "Reopen the screen you closed most recently (if its record still exists)."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let app = try CommandContext.app(global)
        let outcome = try CommandContext.perform(app, Command(.reopen))
        // Reopening may change tabs: the user is told where they landed and why.
        if !output.json, case .reopened(let screen) = outcome.result, case .main(_, let state, _) = outcome.view,
            let before = outcome.before, before.selectedTab != state.selectedTab
        {
            Output.note(
                "\(screen) was closed on the \(state.selectedTab.rawValue) tab, so it reopens there (you were on \(before.selectedTab.rawValue))"
            )
        }
        try ScreenCommand.show(outcome, app, json: output.json)
    }
}
