import ArgumentParser

struct PlayerListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List your players (opens the players tab at its root)."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        try Output.reportingErrors {
            let model = try CommandContext.write(global) { app in
                try app.requireMain().showPlayers().listViewModel()
            }
            Output.print(
                output.json
                    ? PlayerJSON.array(model.players)
                    : TextOutput.playerList(model))
        }
    }
}
