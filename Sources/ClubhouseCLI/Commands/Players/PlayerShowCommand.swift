import ArgumentParser
import Clubhouse

struct PlayerShowCommand: OptionsOnlyCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one player (opens players > players/ID)."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The player's id, as printed by 'player add' and 'player list'.")
    var id: Player.ID

    var argument: Player.ID { id }
    static func read(_ word: String?) -> Player.ID? { Positional.required(word) }

    static func run(_ options: CommandOptions, _ id: Player.ID) throws {
        let outcome = try CommandContext.perform(options, .open(.screen(.player(id))))
        guard case .playerDetail(let model) = try outcome.requireMain().content else { return }
        CommandContext.warn(shown: model)
        Output.print(options.json ? PlayerJSON.object(model.player) : TextOutput.screen(.playerDetail(model)))
    }
}
