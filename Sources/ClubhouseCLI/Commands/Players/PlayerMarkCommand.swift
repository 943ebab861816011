import ArgumentParser
import Clubhouse

/// The players list's selection mode: `player mark`, `player unmark`, `player confirm`.
struct PlayerMarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mark",
        abstract: "Mark players on the players list, as Space does in the app (the players who play).",
        discussion: """
            The marks are the players list's, kept with where you are (nav shows them); marking \
            moves nothing. Then 'clubhouse player confirm' opens players > players/confirm with \
            the marked players as the ones to split into teams. At most 100 players are marked.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: ArgumentHelp("The players' ids, as 'player list' prints them.", valueName: "id"))
    var ids: [Player.ID]

    func run() throws {
        let app = try CommandContext.app(global)
        let outcome = try CommandContext.perform(app, Command(.mark(ids)))
        try MarkOutput.show(outcome, app, json: output.json, done: "Marked " + MarkOutput.list(ids.map(String.init)))
    }
}

struct PlayerUnmarkCommand: CheckedCommand {
    static let configuration = CommandConfiguration(
        commandName: "unmark",
        abstract: "Unmark players on the players list, as Space on a marked one does in the app.",
        discussion: "An id that is not marked is refused, and nothing changes."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Flag(help: "Unmark every player (Esc on the players list in the app).")
    var all = false

    @Argument(help: ArgumentHelp("The players' ids.", valueName: "id"))
    var ids: [Player.ID] = []

    func check() throws {
        if all == !ids.isEmpty { throw ValidationError("Give the players' ids, or --all.") }
    }

    func run() throws {
        let app = try CommandContext.app(global)
        let outcome = try CommandContext.perform(app, Command(.unmark(all ? nil : ids)))
        try MarkOutput.show(
            outcome, app, json: output.json,
            done: all ? "Unmarked every player" : "Unmarked " + MarkOutput.list(ids.map(String.init)))
    }
}

struct PlayerConfirmCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "confirm",
        abstract: "Pick teams of the marked players (opens players > players/confirm with them).",
        discussion: """
            As c on the players list in the app: the team picker's players are the marked ones, \
            not everyone. Then 'clubhouse gather new' on a terminal asks who of them plays where, \
            or give the teams (--team-a, --team-b). With nothing marked, it says so and changes \
            nothing.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let app = try CommandContext.app(global)
        let outcome = try CommandContext.perform(app, Command(.confirmMarked))
        try ScreenCommand.show(outcome, app, json: output.json)
    }
}

/// What `player mark` and `player unmark` print.
enum MarkOutput {
    /// "Marked #1, #3. Marked now: #1, #3." (or the navigation state as JSON).
    static func show(_ outcome: Outcome, _ app: ClubhouseApp, json: Bool, done: String) throws {
        guard case .main(_, let state, _) = outcome.view else { return }
        if json {
            try ScreenCommand.show(outcome, app, json: true)
            return
        }
        let marked = state.stack(for: .players).first?.marked ?? []
        let now = marked.isEmpty ? "Nobody is marked." : "Marked now: \(list(marked))."
        Output.print(TextOutput.escaped("\(done). \(now)"))
    }

    /// "#1, #3".
    static func list(_ keys: [String]) -> String {
        keys.map { "#\($0)" }.joined(separator: ", ")
    }
}
