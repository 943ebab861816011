import Clubhouse
import ClubhouseText

/// The gather: the score, the countdown (computed from the stored anchor at the frame's instant,
/// so a frame each second counts down without a write) and both teams side by side.
enum GatherDrawing {
    static func gather(_ frame: inout Frame, _ display: Display, _ layout: Layout) {
        guard case .gather(let stored)? = display.content else { return }
        let model = GatherViewModel(stored.gather, now: display.now)
        let gather = model.gather
        let top = Layout.bodyTop
        let status: String
        if let ending = gather.ending {
            status = "ended \(InstantText.minute(ending.endedAt)), winner \(ListDrawing.winner(ending.winner))"
        } else {
            status = model.isTimeUp ? "in progress — time is up" : "in progress"
        }
        frame.put(" Gather #\(gather.id) — \(status)", row: top, column: 0, style: .heading)
        let score = "Team A   \(gather.score.a) – \(gather.score.b)   Team B"
        frame.put(score, row: top + 2, column: max(0, (frame.width - score.count) / 2), style: .bold)
        let clock: String
        if gather.isInProgress {
            let state =
                switch model.timerState {
                case .running: "running"
                case .paused: "paused"
                case .stopped: model.isTimeUp ? "time is up" : "stopped"
                }
            clock = "⏱ \(model.timerText)  \(state)"
        } else {
            clock = "played \(model.playedText)"
        }
        frame.put(clock, row: top + 3, column: max(0, (frame.width - clock.count) / 2), style: .title)
        let half = frame.width / 2
        frame.put(" Team A", row: top + 5, column: 0, style: .bold)
        frame.put("Team B", row: top + 5, column: half, style: .bold)
        for (team, column) in [(Team.a, 1), (Team.b, half)] {
            for (offset, player) in gather.players(of: team).enumerated() where top + 6 + offset <= layout.bodyBottom {
                let position = player.position.map { " (\(acronym($0)))" } ?? ""
                frame.put(player.name + position, row: top + 6 + offset, column: column, limit: half - 2)
            }
        }
    }

    static func acronym(_ position: Position) -> String {
        switch position {
        case .goalkeeper: "GK"
        case .defender: "DEF"
        case .midfielder: "MID"
        case .winger: "W"
        case .striker: "ST"
        }
    }
}
