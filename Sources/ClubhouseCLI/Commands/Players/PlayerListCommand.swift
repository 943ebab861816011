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
        let outcome = try CommandContext.perform(global, .open(.screen(.players)))
        guard case .playerList(let model) = try outcome.requireMain().content else { return }
        // Streamed in chunks as it is written: the list may be long.
        if output.json {
            PlayerJSON.write(model.players, to: Output.standardOutput)
        } else {
            TextOutput.writePlayerList(model, to: Output.standardOutput)
        }
    }
}
