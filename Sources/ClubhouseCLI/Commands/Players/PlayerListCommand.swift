import ArgumentParser
import Features

struct PlayerListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List your players (opens the players tab at its root)."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        try Output.reportingErrors {
            let outcome = try CommandContext.perform(global, .open(.screen(.players)))
            guard case .playerList(let model) = try outcome.requireMain().content else { return }
            Output.print(output.json ? PlayerJSON.array(model.players) : TextOutput.playerList(model))
        }
    }
}
