import Clubhouse

/// A gather for `--json`: `{"endedAt", "id", "played", "score": {"a", "b"}, "startedAt", "teamA",
/// "teamB", "timer": {"duration", "remaining", "state"}, "winner"}`; players as `player show --json`
/// prints them (`id` null for a player deleted since). Times in seconds; instants ISO-8601.
struct GatherJSON: Encodable {
    let model: GatherViewModel

    init(_ model: GatherViewModel) {
        self.model = model
    }

    func encode(to encoder: any Encoder) throws {
        enum Keys: String, CodingKey {
            case id, teamA, teamB, score, timer, winner, startedAt, endedAt, played
        }
        enum ScoreKeys: String, CodingKey { case a, b }
        enum TimerKeys: String, CodingKey { case state, remaining, duration }
        let gather = model.gather
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(gather.id, forKey: .id)
        try container.encode(gather.teamA.map(GatherPlayerJSON.init), forKey: .teamA)
        try container.encode(gather.teamB.map(GatherPlayerJSON.init), forKey: .teamB)
        var score = container.nestedContainer(keyedBy: ScoreKeys.self, forKey: .score)
        try score.encode(gather.score.a, forKey: .a)
        try score.encode(gather.score.b, forKey: .b)
        var timer = container.nestedContainer(keyedBy: TimerKeys.self, forKey: .timer)
        try timer.encode(model.timerState.rawValue, forKey: .state)
        try timer.encode(model.remainingSeconds, forKey: .remaining)
        try timer.encode(model.durationSeconds, forKey: .duration)
        try container.encode(gather.ending?.winner.rawValue, forKey: .winner)
        try container.encode(gather.startedAt, forKey: .startedAt)
        try container.encode(gather.ending?.endedAt, forKey: .endedAt)
        try container.encode(model.playedSeconds, forKey: .played)
    }
}

/// A seat as PlayerJSON writes a player: `id` (null once deleted) and each declared field.
struct GatherPlayerJSON: Encodable {
    let player: GatherPlayer

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FieldKey.self)
        try container.encode(player.playerID, forKey: FieldKey("id"))
        for field in PlayerField.allCases { try container.encode(player.fields[field], named: field.wire) }
    }
}
