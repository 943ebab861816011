import ArgumentParser
import Clubhouse

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
        let outcome = try CommandContext.perform(global, .open(.screen(.player(id))))
        guard case .playerDetail(let model) = try outcome.requireMain().content else { return }
        CommandContext.warn(shown: model)
        Output.print(output.json ? PlayerJSON.object(model.player) : TextOutput.screen(.playerDetail(model)))
    }
}
