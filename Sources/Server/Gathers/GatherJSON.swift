import ClubhouseDomain
import Foundation

/// A gather as the API shows it. The timer is both the stored anchor (for clients that count down
/// themselves, as the CLI's watch does) and what it shows at the instant of the answer.
struct GatherJSON: Encodable {
    /// A seat: the player's id (absent once deleted) and their declared fields then.
    struct PlayerJSON: Encodable {
        let player: GatherPlayer

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: FieldKey.self)
            try container.encodeIfPresent(player.playerID, forKey: FieldKey("playerId"))
            try container.encode(player.fields)
        }
    }

    struct ScoreJSON: Encodable {
        let a: Int
        let b: Int
    }

    struct TimerJSON: Encodable {
        /// stopped, running or paused; a run whose time is up shows as stopped.
        let state: String
        let duration: String
        let durationMs: Int64
        /// MM:SS left now, rounded up as the CLI shows it.
        let remaining: String
        let remainingMs: Int64
        let remainingAtAnchorMs: Int64
        /// Unix ms the running period began; absent unless running.
        let startedAtMs: Int64?
        let playedMs: Int64
    }

    let id: Int64
    /// The sync key: the same gather on every device.
    let key: String
    let startedAt: String
    let endedAt: String?
    let winner: String?
    let inProgress: Bool
    let teamA: [PlayerJSON]
    let teamB: [PlayerJSON]
    let score: ScoreJSON
    let timer: TimerJSON

    init(_ keyed: Keyed<Gather>, now: Milliseconds) {
        let gather = keyed.record
        id = gather.id
        key = keyed.key
        startedAt = gather.startedAt
        endedAt = gather.ending?.endedAt
        winner = gather.ending?.winner.rawValue
        inProgress = gather.isInProgress
        func players(_ team: [GatherPlayer]) -> [PlayerJSON] {
            team.map(PlayerJSON.init)
        }
        teamA = players(gather.teamA)
        teamB = players(gather.teamB)
        score = ScoreJSON(a: gather.score.a, b: gather.score.b)
        let timer = gather.timer
        self.timer = TimerJSON(
            state: timer.effectiveState(at: now).rawValue,
            duration: GatherTimer.text(seconds: Int(timer.duration / 1000)), durationMs: timer.duration,
            remaining: GatherTimer.text(seconds: timer.remainingSeconds(at: now)),
            remainingMs: timer.remaining(at: now),
            remainingAtAnchorMs: timer.remainingAtAnchor, startedAtMs: timer.startedAt, playedMs: timer.played(at: now))
    }
}

struct GatherPageJSON: Encodable {
    let gathers: [GatherJSON]
    /// Pass as `before` for the next page; null on the last.
    let nextBefore: Int64?

    private enum CodingKeys: String, CodingKey { case gathers, nextBefore }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(gathers, forKey: .gathers)
        try container.encode(nextBefore, forKey: .nextBefore)
    }
}

enum ServerClock {
    /// Unix milliseconds, as the CLI's clock counts them.
    static func now() -> Milliseconds {
        Milliseconds((Date().timeIntervalSince1970 * 1000).rounded(.down))
    }
}
