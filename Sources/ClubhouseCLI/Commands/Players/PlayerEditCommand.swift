import ArgumentParser
import Clubhouse

struct PlayerEditCommand: CheckedCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change one field of a player (players/ID > players/ID/edit/FIELD).",
        discussion: """
            Give exactly one field. An optional field is cleared with an empty value or 'none':
              clubhouse player edit 3 --age none
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The player's id.")
    var id: Player.ID

    @Option(help: "A new name (1–100 characters).") var name: String?
    @Option(parsing: .unconditional, help: "A new age, 5–99, or 'none'.") var age: String?
    @Option(help: "A new skill, or 'none'.") var skill: String?
    @Option(help: "A new position, or 'none'.") var position: String?
    @Option(help: "A new favourite team, or 'none'.") var favouriteTeam: String?
    @Option(parsing: .unconditional, help: "A new shirt number, 1–99, or 'none'.") var shirtNumber: String?

    var fields: [(PlayerField, String)] {
        [
            (.name, name), (.age, age), (.skill, skill), (.position, position), (.favouriteTeam, favouriteTeam),
            (.shirtNumber, shirtNumber),
        ]
        .compactMap { field, value in value.map { (field, $0) } }
    }

    func check() throws {
        guard fields.count == 1 else {
            throw ValidationError("Give exactly one field to change, for example --name NAME.")
        }
    }

    func run() throws {
        let (field, text) = fields[0]
        let outcome = try CommandContext.perform(
            global,
            Command(
                link: .screen(.editPlayer(id, field: field)),
                .submit([(field.rawValue, text)], discardingDraft: true)))
        guard case .form(.playerUpdated(let player), _) = outcome.result else { return }
        CommandContext.warn(shown: player)
        // The form closed, back on the player's detail.
        Output.print(output.json ? PlayerJSON.object(player) : TextOutput.screen(try outcome.requireMain().content))
    }
}
