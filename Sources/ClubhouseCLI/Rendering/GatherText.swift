import Clubhouse
import ClubhouseText

/// Text for people: a gather, the history, and the home pages built from them.
enum GatherText {
    static func gather(_ model: GatherViewModel) -> String {
        let gather = model.gather
        var lines: [String] = []
        if let ending = gather.ending {
            lines.append("Gather \(gather.id) — ended \(time(ending.endedAt)), winner: \(ending.winner.rawValue)")
            lines.append("Score   Team A \(gather.score.a) – \(gather.score.b) Team B")
            lines.append("Played  \(model.playedText) (started \(time(gather.startedAt)))")
        } else {
            lines.append("Gather \(gather.id) — in progress (started \(time(gather.startedAt)))")
            lines.append("Score   Team A \(gather.score.a) – \(gather.score.b) Team B")
            lines.append(
                "Timer   \(model.timerText) \(model.timerState.rawValue) (of \(GatherTimer.text(seconds: model.durationSeconds)))"
            )
        }
        for team in Team.allCases {
            lines.append(team.name)
            for player in gather.players(of: team) { lines.append("  " + line(player)) }
        }
        if model.isTimeUp {
            lines.append("Time is up. End the gather with: clubhouse gather end")
        }
        return lines.joined(separator: "\n")
    }

    /// `ST   Zoë O'Brien (#1)`: the position's acronym (app), `—` for none; a deleted player has no id.
    static func line(_ player: GatherPlayer) -> String {
        let acronym = player.position?.acronym ?? "—"
        let id = player.playerID.map { " (#\($0))" } ?? " (deleted)"
        return acronym + String(repeating: " ", count: max(5 - acronym.count, 1)) + TextOutput.escaped(player.name) + id
    }

    /// One ended gather on one line, for the history and the results page.
    static func summary(_ model: GatherViewModel) -> String {
        let gather = model.gather
        let ended = gather.ending.map { time($0.endedAt) } ?? "in progress"
        let winner = gather.ending.map { "winner: \($0.winner.rawValue)" } ?? ""
        return
            "#\(gather.id)  \(ended)  Team A \(gather.score.a) – \(gather.score.b) Team B  \(winner)  played \(model.playedText)"
    }

    static func list(_ models: [GatherViewModel]) -> String {
        models.isEmpty
            ? "No gathers played yet. Start one with: clubhouse gather new --team-a IDS --team-b IDS"
            : models.map(summary).joined(separator: "\n")
    }

    static func confirm(_ model: ConfirmPlayersViewModel) -> String {
        var lines = [TextOutput.form(model.form), model.marked ? "Players (the marked ones):" : "Players:"]
        if model.players.isEmpty { lines.append("  (none yet; add some with: clubhouse player add --name NAME)") }
        for player in model.players {
            lines.append(
                "  #\(player.id)  \(TextOutput.escaped(player.name))\(player.position.map { " (\($0.acronym))" } ?? "")"
            )
        }
        lines.append("Start it with: clubhouse gather new --team-a IDS --team-b IDS")
        return lines.joined(separator: "\n")
    }

    static func home(_ model: HomeViewModel) -> String {
        let header =
            "Home — "
            + model.pages.map { $0 == model.selectedPage ? "[\($0.rawValue)]" : $0.rawValue }
            .joined(separator: " ")
        switch model.content {
        case .squad(let count, let recent):
            var lines = [header, "Squad: \(count) player\(count == 1 ? "" : "s")"]
            if !recent.isEmpty {
                lines.append("Newest:")
                for player in recent { lines.append("  #\(player.id)  \(TextOutput.escaped(player.name))") }
            }
            return lines.joined(separator: "\n")
        case .results(let results):
            guard !results.isEmpty else { return header + "\nNo results yet." }
            return ([header, "Last results:"] + results.map { "  " + summary($0) }).joined(separator: "\n")
        case .reading(let books):
            return header + "\n" + BookText.reading(books)
        }
    }

    static func profile(_ model: ProfileViewModel) -> String {
        """
        Profile — \(TextOutput.escaped(model.user.username))
          Players: \(model.playerCount)
          Gathers played: \(model.gathersPlayed) (clubhouse gather list)
          Sign-in lands on: \(model.settings.landing.rawValue) (clubhouse settings landing TAB)
        """
    }

    /// "2026-11-23T09:23:44.544Z" → "2026-11-23 09:23Z", as the app shows it.
    static func time(_ iso: String) -> String { TextOutput.escaped(InstantText.minute(iso)) }
}
