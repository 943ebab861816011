import Features

/// What the commands that look or move around (tab, page, back) share.
enum ScreenCommand {
    /// The current value of one part of the navigation (`tab` or `page` without a name), or the
    /// whole navigation state as JSON.
    static func current(_ global: GlobalOptions, json: Bool, _ part: (NavigationJSON) -> String?) throws -> String {
        let state = try CommandContext.read(global) { app in
            _ = try app.requireMain()
            return NavigationJSON(app)
        }
        return json ? try JSONOutput.render(state) : part(state) ?? ""
    }

    /// Acts on the tab bar, saves, and shows the screen landed on, or the navigation state as JSON.
    /// Formatting waits until the transaction has committed.
    static func write(_ global: GlobalOptions, json: Bool, _ move: (TabCoordinator) throws -> Void) throws
        -> String
    {
        let landed = try CommandContext.write(global) { app -> Landed in
            let main = try app.requireMain()
            try move(main)
            return json ? .state(NavigationJSON(app)) : .screen(try main.selectedCoordinator.content())
        }
        switch landed {
        case .state(let state): return try JSONOutput.render(state)
        case .screen(let content): return TextOutput.screen(content)
        }
    }

    private enum Landed {
        case state(NavigationJSON)
        case screen(ScreenContent)
    }
}
