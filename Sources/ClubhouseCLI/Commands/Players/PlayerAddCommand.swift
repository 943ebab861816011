import ArgumentParser
import Domain

struct PlayerAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a player; prints the new player's id.",
        discussion: """
            Runs the add-player form (players/new) and returns to the players list. Example:
              clubhouse player add --name "Zoë O'Brien" --age 27 --position striker
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Option(help: "The player's name (1–100 characters).")
    var name: String

    // Unconditional, so that `--age -3` reaches the age rule instead of looking like a flag.
    @Option(parsing: .unconditional, help: "Age in years, 5–99.")
    var age: Int?

    @Option(help: "How well they play.")
    var skill: Skill?

    @Option(help: "Where they play.")
    var position: Position?

    @Option(help: "Favourite team (up to 100 characters).")
    var favouriteTeam: String?

    func run() throws {
        try Output.reportingErrors {
            let draft = PlayerDraft(
                name: name, age: age, skill: skill, position: position, favouriteTeam: favouriteTeam)
            let player = try CommandContext.write(global) { app in
                try app.requireMain().showPlayers().startAdd().submit(draft)
            }
            Output.print(output.json ? PlayerJSON.object(player) : String(player.id))
        }
    }
}
