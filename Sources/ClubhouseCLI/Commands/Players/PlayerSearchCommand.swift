import ArgumentParser
import Clubhouse

struct PlayerSearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "List your players whose name holds TEXT, case and accents aside (opens the players tab).",
        discussion: """
            Some of a name is enough: 'clubhouse player search zoe' finds Zoë O'Brien. In the app, \
            / on the players list does the same, selecting the next player found.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: ArgumentHelp("Some of a name.", valueName: "text"))
    var text: String

    func run() throws {
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw InputError(message: "type some of a name to search for")
        }
        let app = try CommandContext.app(global)
        let outcome = try CommandContext.perform(app, .open(.screen(.players)))
        guard case .playerList(let model) = try outcome.requireMain().content else { return }
        let text = text
        // One read, streamed as `player list` is: the list may hold a million players.
        try app.readPlayers(model) { rows in
            let found: ((Player) throws -> Void) throws -> Void = { body in
                try rows.forEach { player in if PlayerSearch.matches(player.name, text) { try body(player) } }
            }
            if output.json {
                try PlayerJSON.write(found, to: Output.standardOutput)
            } else {
                var layout = PlayerTable.Layout()
                var count = 0
                try found { player in
                    layout.include(player)
                    count += 1
                }
                if count == 0 {
                    Output.print("No player's name holds \(TextOutput.quoted(text)).")
                } else {
                    try PlayerTable.write(layout, found, to: Output.standardOutput)
                }
            }
            CommandContext.warn(rows.unshowableValueReport)
        }
    }
}
