import ArgumentParser
import Domain

struct PlayerShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one player (opens players > players/ID)."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The player's id, as printed by 'player add' and 'player list'.")
    var id: Player.ID

    func run() throws {
        try Output.reportingErrors {
            let model = try CommandContext.write(global) { app in
                try app.requireMain().showPlayers().showDetail(id).viewModel
            }
            Output.print(
                output.json
                    ? PlayerJSON.object(model.player)
                    : TextOutput.screen(.playerDetail(model)))
        }
    }
}
