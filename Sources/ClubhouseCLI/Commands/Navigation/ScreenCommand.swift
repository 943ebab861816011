import Clubhouse

/// What the commands that look or move around (tab, page, back, open, undo, reopen) share.
enum ScreenCommand {
    /// Performs `command` and shows the screen landed on, or the navigation state as JSON.
    /// Formatting waits until the transaction has committed. When the command moved nothing,
    /// `unmoved` says so in one line instead of showing the same screen again.
    static func run(
        _ options: CommandOptions, _ command: Command, unmoved: ((NavigationState) -> String)? = nil
    ) throws {
        let app = try CommandContext.app(options)
        let outcome = try CommandContext.perform(app, command)
        if let unmoved, !options.json, !outcome.moved, case .main(_, let state, _) = outcome.view {
            Output.print(TextOutput.escaped(unmoved(state)))
            return
        }
        try show(outcome, app, json: options.json)
    }

    /// Prints the screen an outcome landed on. The players list is read afterwards, in its own
    /// read transaction, and streamed.
    static func show(_ outcome: Outcome, _ app: ClubhouseApp, json: Bool) throws {
        if json {
            // The navigation object names the user, and no record of the screen.
            if case .main(let user, _, _) = outcome.view { CommandContext.warn(shown: user) }
            Output.print((try? JSONOutput.render(NavigationJSON(outcome, scene: app.scene))) ?? "{}")
            return
        }
        switch outcome.view {
        case .main(_, _, .playerList(let model)):
            try app.readPlayers(model) { rows in
                try TextOutput.writePlayerList(rows, to: Output.standardOutput)
                CommandContext.warn(rows.unshowableValueReport)
            }
        case .main(_, _, let content):
            CommandContext.warn(shown: content)
            Output.print(TextOutput.screen(content))
        case .login(let screen): Output.print(TextOutput.screen(.login(screen)))
        }
    }
}
