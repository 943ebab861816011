/// Starts a gather from two teams of the user's players (the app's confirm screen): at least two
/// players, both teams filled, nobody twice, only the user's own players, one gather at a time.
package struct StartGather {
    private let players: any PlayerRepository
    private let gathers: any GatherRepository
    private let clock: any WallClock

    package init(players: any PlayerRepository, gathers: any GatherRepository, clock: any WallClock) {
        self.players = players
        self.gathers = gathers
        self.clock = clock
    }

    package func callAsFunction(teamA: [Player.ID], teamB: [Player.ID], owner: User.ID) throws -> Gather {
        try Self.checkTeams(teamA: teamA, teamB: teamB)
        if let running = try gathers.inProgress(owner: owner) {
            throw ClubhouseError.gatherInProgress(running.id, startedAt: running.startedAt)
        }
        func load(_ ids: [Player.ID]) throws -> [Player] {
            try ids.map { id in
                guard let player = try players.find(id, owner: owner) else { throw ClubhouseError.playerNotFound(id) }
                return player
            }
        }
        return try gathers.insert(owner: owner, teamA: load(teamA), teamB: load(teamB), at: clock.now())
    }

    /// The rules on the teams themselves, before any player is looked up (the server applies
    /// them too): both filled, nobody twice.
    package static func checkTeams(teamA: [Player.ID], teamB: [Player.ID]) throws(ClubhouseError) {
        guard !teamA.isEmpty, !teamB.isEmpty else { throw .invalidInput("both teams need at least one player") }
        var seen: Set<Player.ID> = []
        for id in teamA + teamB where !seen.insert(id).inserted {
            throw .invalidInput(
                teamA.contains(id) && teamB.contains(id)
                    ? "player \(id) is on both teams" : "player \(id) is listed twice")
        }
    }
}
