import ArgumentParser
import Clubhouse
import Foundation

/// Picks the teams on a terminal, as the app's confirm screen does: choose who plays, everyone
/// chosen starts on the bench and is moved to Team A or Team B. Each move is saved in the confirm
/// form's draft at once, so an interrupted pick resumes.
enum TeamPicker {
    static func run(_ app: ClubhouseApp) throws -> ScreenExpectation {
        let opened = try CommandContext.perform(app, .open(.screen(.confirmPlayers)))
        let main = try opened.requireMain()
        guard case .confirmPlayers(let model) = main.content else {
            throw ClubhouseError.notOnScreen("players/confirm did not open")
        }
        // Each move, and the start that follows, only while this user is on this screen.
        var expecting = ScreenExpectation(user: main.user.id, screen: .confirmPlayers, draft: model.form.draft)
        var teams: [Team: [Player.ID]] = [:]
        for team in Team.allCases {
            if let text = model.form.draft[ConfirmPlayersViewModel.field(for: team)] {
                teams[team] = (try? ConfirmPlayersViewModel.ids(text, team: team)) ?? []
            }
        }
        let players = model.players
        let resumed = !(teams[.a] ?? []).isEmpty || !(teams[.b] ?? []).isEmpty
        if resumed {
            // The draft keeps the teams, not who was still on the bench.
            Output.note("resuming your draft: \(describe(teams, players))")
            if !(teams[.a] ?? []).isEmpty, !(teams[.b] ?? []).isEmpty,
                Confirmation.ask("Start with these teams? (n picks again)", yes: false)
            {
                return expecting
            }
        }
        guard players.count >= 2 else {
            throw ClubhouseError.invalidInput(
                "a gather needs at least two players; you have \(players.count) (add some with: clubhouse player add)")
        }
        CommandContext.warn(shown: players)
        var pages = PlayerPages(players)
        var picked = try pages.pick()
        Output.prompt(
            "Everyone picked starts on the bench. Move each to team a or b (Enter keeps them on the bench).\n")
        teams = [.a: [], .b: []]
        if resumed, expecting.draft?.isEmpty == false {
            // Picked afresh: the draft's teams give way to the new ones, move by move.
            expecting.draft = try FormPrompt.draft(
                CommandContext.perform(app, Command(.discardDraft, expecting: expecting)))
        }
        while true {
            var bench: [Player] = []
            for player in picked {
                let team = try askTeam(player)
                guard let team else {
                    bench.append(player)
                    continue
                }
                teams[team, default: []].append(player.id)
                let ids = teams[team]!.map(String.init).joined(separator: ",")
                expecting.draft = try FormPrompt.draft(
                    CommandContext.perform(
                        app, Command(.fill([(ConfirmPlayersViewModel.field(for: team), ids)]), expecting: expecting)))
            }
            if !teams[.a]!.isEmpty, !teams[.b]!.isEmpty {
                // Shown whole, then asked: a gather is not started by the last move alone.
                Output.prompt("\(describe(teams, players))\n")
                guard Confirmation.ask("Start the gather with these teams?", yes: false) else {
                    Output.note("nothing was started; the teams are kept in the draft for the next gather new")
                    throw ExitCode.failure
                }
                return expecting
            }
            guard !bench.isEmpty else {
                throw ClubhouseError.invalidInput("both teams need at least one player")
            }
            Output.note("both teams need at least one player; the bench is asked again")
            picked = bench
        }
    }

    private static func askTeam(_ player: Player) throws -> Team? {
        while true {
            Output.prompt(
                "\(TextOutput.escaped(player.name)) (#\(player.id)\(PlayerPages.acronym(player))): team a, b or bench? "
            )
            guard let line = readLine(strippingNewline: true) else {
                throw InputError(message: "no team for \(player.name); the moves so far are kept in the draft")
            }
            switch line.trimmingCharacters(in: .whitespaces).lowercased() {
            case "a": return .a
            case "b": return .b
            case "", "bench": return nil
            default: Output.note("answer a, b or bench")
            }
        }
    }

    /// "Team A: Zoë (#1, ST), Kai (#2); Team B: nobody yet".
    private static func describe(_ teams: [Team: [Player.ID]], _ players: [Player]) -> String {
        let byID = PlayerPages.players(Team.allCases.flatMap { teams[$0] ?? [] }, among: players)
        return Team.allCases.map { team in
            let names = (teams[team] ?? []).map { id in
                byID[id].map { "\(TextOutput.escaped($0.name)) (#\(id)\(PlayerPages.acronym($0)))" } ?? "#\(id)"
            }
            return "\(team.name): \(names.isEmpty ? "nobody yet" : names.joined(separator: ", "))"
        }.joined(separator: "; ")
    }
}
