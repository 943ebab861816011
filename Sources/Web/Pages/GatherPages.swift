import Clubhouse

/// The team picker and a gather: its score, its countdown as a clock, its line-ups on a pitch.
enum GatherPages {
    /// A gather as a row of a list (history, the results page).
    static func row(_ model: GatherViewModel, frame: PageFrame, via: String?) -> Context {
        let gather = model.gather
        let extra: [(String, String)] = via.map { [("via", $0)] } ?? []
        return [
            "href": frame.url("gathers/\(gather.id)", extra), "score": gather.score.text,
            "when": gather.ending?.endedAt ?? gather.startedAt,
            "winner": gather.ending.map { $0.winner == .none ? "Draw" : "\($0.winner.rawValue) won" } ?? "In progress",
            "played": model.playedText,
        ]
    }

    static func picker(_ model: ConfirmPlayersViewModel, view: PageView, frame: PageFrame) -> ScreenPage {
        let draft = model.form.draft
        func ids(_ team: Team) -> Set<String> {
            let text =
                view.typed[ConfirmPlayersViewModel.field(for: team)] ?? draft[ConfirmPlayersViewModel.field(for: team)]
                ?? ""
            return Set(text.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init))
        }
        let (a, b) = (ids(.a), ids(.b))
        let context: Context = [
            "players": model.players.map { player -> Context in
                let id = String(player.id)
                return [
                    "id": id, "name": player.name, "position": player.fields.position?.rawValue ?? "",
                    "a": a.contains(id) || (view.typed["player-\(id)"] == "a"),
                    "b": b.contains(id) || (view.typed["player-\(id)"] == "b"),
                    "bench": !a.contains(id) && !b.contains(id),
                ]
            },
            "marked": model.marked, "empty": model.players.isEmpty, "refusal": view.refusal ?? "",
            "refused": view.refusal != nil, "newHref": frame.url("players/new"),
        ]
        return ScreenPage(template: "picker", title: "Pick the teams", context: context)
    }

    static func gather(_ model: GatherViewModel, view: PageView, frame: PageFrame) -> ScreenPage {
        let gather = model.gather
        let place = "gathers/\(gather.id)"
        func team(_ team: Team, _ players: [GatherPlayer]) -> Context {
            [
                "name": team.name, "key": team.rawValue, "goals": String(gather.score[team]),
                "players": players.map { player -> Context in
                    ["name": player.name, "position": player.fields.position?.acronym ?? ""]
                },
            ]
        }
        var context: Context = [
            "teams": [team(.a, gather.teamA), team(.b, gather.teamB)], "score": gather.score.text,
            "inProgress": gather.isInProgress, "played": model.playedText,
            "pitch": Pitch(teamA: gather.teamA, teamB: gather.teamB).context,
            "deleteHref": frame.url(place, [("ask", "delete")]),
        ]
        if gather.isInProgress {
            let state = model.timerState
            context["clock"] = Clock(model).context
            context["timerVerb"] = state == .running ? "pause" : state == .paused ? "resume" : "start"
            context["timerLabel"] = state == .running ? "Pause" : state == .paused ? "Resume" : "Start"
            // A refused length comes back as it was typed, with why.
            context["minutes"] = view.typed["minutes"] ?? String(max(1, model.durationSeconds / 60))
            context["refusal"] = view.refusal ?? ""
            context["refused"] = view.refusal != nil
            context["longest"] = String(GatherTimer.durationRange.upperBound / 60_000)
            context["endHref"] = frame.url(place, [("ask", "end")])
            context["cancelHref"] = frame.url(place, [("ask", "cancel")])
            context["timeUp"] = model.isTimeUp
        } else if let ending = gather.ending {
            context["ended"] = ending.endedAt
            context["winner"] = ending.winner == .none ? "A draw" : "\(ending.winner.rawValue) won"
        }
        context["confirm"] =
            ScreenPage.confirmation(
                frame, place: place,
                asks: [
                    "end": ("End the gather at \(gather.score.text) and keep its result?", "End it"),
                    "cancel": ("Cancel the gather? Nothing of it is kept.", "Cancel the gather"),
                    "delete": ("Delete this gather from history?", "Delete"),
                ])
        return ScreenPage(
            template: "gather", title: gather.isInProgress ? "Gather in progress" : "Gather", context: context)
    }
}

/// The countdown as a clock: a ring that empties as the time runs, the time in its middle; the
/// script ticks it between pages from `data-` attributes (the server's numbers at drawing time).
struct Clock {
    let model: GatherViewModel

    init(_ model: GatherViewModel) { self.model = model }

    var context: Context {
        let radius = 52.0
        let circumference = 2 * Double.pi * radius
        let total = max(1, model.durationSeconds)
        let fraction = min(1, max(0, Double(model.remainingSeconds) / Double(total)))
        return [
            "text": model.timerText, "remaining": String(model.remainingSeconds), "duration": String(total),
            "running": model.timerState == .running, "state": model.timerState.rawValue,
            "circumference": String(format: "%.2f", circumference),
            "offset": String(format: "%.2f", circumference * (1 - fraction)),
        ]
    }
}
