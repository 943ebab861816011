import Features

/// What the commands that look or move around (tab, page, back, open, undo, reopen) share.
enum ScreenCommand {
    /// Performs `command` and shows the screen landed on, or the navigation state as JSON.
    /// Formatting waits until the transaction has committed.
    static func run(_ global: GlobalOptions, json: Bool, _ command: Command) throws -> String {
        render(try CommandContext.perform(global, command), json: json)
    }

    static func render(_ outcome: Outcome, json: Bool) -> String {
        if json { return (try? JSONOutput.render(NavigationJSON(outcome))) ?? "{}" }
        switch outcome.view {
        case .main(_, _, let content): return TextOutput.screen(content)
        case .login(let screen): return TextOutput.screen(.login(screen))
        }
    }
}
