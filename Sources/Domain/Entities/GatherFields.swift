/// A gather's own fields, declared once: its start, its outcome and its countdown's anchor, each
/// named in every place that names it. A gather changes by its actions (a goal, the countdown's
/// start), never through a form, so each field's label is what a sentence calls it, and fields
/// that go together share it: the countdown's five, the result's end and winner, the two scores.
/// Its teams are the seats of `gather_players`, not a field.
public enum GatherField: String, RecordField {
    case startedAt, endedAt, winner, scoreA, scoreB
    case timerDurationMs, timerState, timerRemainingMs, timerStartedMs, timerPlayedMs

    /// `startedAt` as `started-at`.
    public var key: String { Self.spelled(rawValue, "-") }

    public var wire: String { rawValue }

    /// `startedAt` as `started_at`, in SQLite's `gathers` and in PostgreSQL's.
    public var column: String { Self.spelled(rawValue, "_") }

    public var label: String {
        switch self {
        case .startedAt: "Start"
        case .endedAt, .winner: "Result"
        case .scoreA, .scoreB: "Score"
        case .timerDurationMs, .timerState, .timerRemainingMs, .timerStartedMs, .timerPlayedMs: "Countdown"
        }
    }

    public var rule: FieldRule {
        switch self {
        case .startedAt, .endedAt: .instant(.time)
        case .winner: .choice(Winner.allCases.map(\.rawValue))
        case .scoreA, .scoreB: .integer(Score.range)
        case .timerDurationMs:
            .integer(Int(GatherTimer.durationRange.lowerBound)...Int(GatherTimer.durationRange.upperBound))
        case .timerState: .choice(GatherTimer.State.allCases.map(\.rawValue))
        case .timerRemainingMs: .integer(0...Int(GatherTimer.durationRange.upperBound))
        // The running period's start, which the countdown's arithmetic reads as a number.
        case .timerStartedMs: .instant(.milliseconds)
        case .timerPlayedMs: .integer(0...Int(GatherTimer.playedLimit))
        }
    }

    /// The result is none while the gather is played; the anchor, unless the countdown runs.
    public var isRequired: Bool {
        switch self {
        case .endedAt, .winner, .timerStartedMs: false
        default: true
        }
    }

    public var syncs: Bool { true }

    /// What play changes (`PlayGather`): the score and the countdown's anchor.
    public static let outcome: [GatherField] = [.scoreA, .scoreB] + countdown

    /// The countdown's anchor: valid only together.
    public static let countdown: [GatherField] = [
        .timerDurationMs, .timerState, .timerRemainingMs, .timerStartedMs, .timerPlayedMs,
    ]

    /// camelCase as words joined by `separator` in lower case.
    private static func spelled(_ camel: String, _ separator: Character) -> String {
        var spelled = ""
        for character in camel {
            if character.isUppercase {
                spelled.append(separator)
                spelled.append(contentsOf: character.lowercased())
            } else {
                spelled.append(character)
            }
        }
        return spelled
    }
}
