import ArgumentParser
import Clubhouse

struct GatherScoreCommand: CheckedCommand {
    static let configuration = CommandConfiguration(
        commandName: "score",
        abstract: "Score a goal for team a or b (or take one back), or set the whole score.",
        discussion: """
            Each team's score stays within 0–100, as the app's stepper does.
              clubhouse gather score a
              clubhouse gather score b --minus
              clubhouse gather score --set 3-2
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The team that scored: a or b.")
    var team: Team?

    @Flag(help: "Take a goal back instead (a score at 0 stays 0).")
    var minus = false

    @Option(help: ArgumentHelp("Set both scores at once, as A-B.", valueName: "A-B"))
    var set: String?

    func check() throws {
        switch (team, set) {
        case (nil, nil): throw ValidationError("Name a team (a or b), or give --set A-B.")
        case (.some, .some): throw ValidationError("Name a team or give --set, not both.")
        case (nil, .some) where minus: throw ValidationError("--minus goes with a team, not with --set.")
        default: break
        }
    }

    func run() throws {
        let change: GatherChange
        if let team {
            change = .score(team, by: minus ? -1 : 1)
        } else {
            change = .setScore(try Self.score(parsing: set ?? ""))
        }
        try GatherOutput.play(global, json: output.json, .play(change))
    }

    /// "3-2" → Team A 3, Team B 2.
    static func score(parsing text: String) throws -> Score {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let a = Int(parts[0]), let b = Int(parts[1]),
            parts.allSatisfy({ !$0.isEmpty && $0.count <= 9 && $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else {
            throw ClubhouseError.invalidInput("a score is A-B with whole numbers, for example 3-2")
        }
        return try Score(a: a, b: b)
    }
}
