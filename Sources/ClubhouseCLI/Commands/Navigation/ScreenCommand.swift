import Features

/// The shared tail of the commands that move around (tab, page, back): act on the tab bar, save,
/// and show the screen landed on, or the navigation state as JSON.
enum ScreenCommand {
    static func write(_ global: GlobalOptions, json: Bool, _ move: (TabCoordinator) throws -> Void) throws
        -> String
    {
        let (state, content) = try CommandContext.write(global) { app in
            let main = try app.requireMain()
            try move(main)
            return (NavigationJSON(app), json ? nil : try main.selectedCoordinator.content())
        }
        if let content { return TextOutput.screen(content) }
        return try JSONOutput.render(state)
    }
}
