import ArgumentParser
import Clubhouse

struct PlayerListCommand: OptionsOnlyCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List your players (opens the players tab at its root)."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    static func run(_ options: CommandOptions, _: NoArgument) throws {
        let app = try CommandContext.app(options)
        let outcome = try CommandContext.perform(app, .open(.screen(.players)))
        guard case .playerList(let model) = try outcome.requireMain().content else { return }
        // Read after the navigation committed, from a cursor, and streamed in chunks as it is
        // written: the list may hold a million players.
        try app.readPlayers(model) { rows in
            if options.json {
                try PlayerJSON.write(rows.forEach, to: Output.standardOutput)
            } else {
                try TextOutput.writePlayerList(rows, to: Output.standardOutput)
                // The marks are the list's too (the app shows them beside the rows).
                if case .main(_, let state, _) = outcome.view, let marked = state.stack(for: .players).first?.marked,
                    !marked.isEmpty
                {
                    Output.print(
                        TextOutput.escaped(
                            "Marked: \(MarkOutput.list(marked)) (player confirm picks teams of them; player unmark clears)."
                        )
                    )
                }
            }
            CommandContext.warn(rows.unshowableValueReport)
        }
    }
}
