import ArgumentParser
import Clubhouse

struct GatherShowCommand: OptionsOnlyCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the gather in progress, or a gather by id (one from history: its result).",
        discussion: "Teams with each player's position (GK, DEF, MID, W, ST), the score and the timer as MM:SS."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "A gather's id; without it, the gather in progress.")
    var id: Gather.ID?

    var argument: Gather.ID? { id }
    static func read(_ word: String?) -> Gather.ID?? { Positional.optional(word) }

    static func run(_ options: CommandOptions, _ id: Gather.ID?) throws {
        let command = id.map { Command.open(.screen(.gather($0))) } ?? Command(.gather(.show))
        let outcome = try CommandContext.perform(options, command)
        guard case .gather(let model) = try outcome.requireMain().content else { return }
        CommandContext.warn(shown: model)
        Output.print(try GatherOutput.render(model, json: options.json))
    }
}
