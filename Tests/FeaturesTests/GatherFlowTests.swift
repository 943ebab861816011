import ClubhouseDomain
import ClubhouseFeatures
import ClubhouseNavigation
import ClubhouseSecurity
import ClubhouseTestSupport
import Testing

/// Football Gather through the one road every command takes: a fresh tree per command (as a new
/// process would) over a real temporary SQLite file, and a clock that only moves when told.
@Suite struct GatherFlowTests {
    let clock = FakeClock()
    let harness: AppHarness
    let ana: User
    let zoe: Player
    let kai: Player
    let lea: Player
    let max: Player

    /// 2026-09-21T14:13:20Z, the fake clock's start, as the gathers table stores it.
    static let startText = "2026-09-21T14:13:20.000Z"

    init() throws {
        harness = try AppHarness(clock: clock)
        ana = try harness.registerAndSignIn("ana")
        zoe = try Self.addPlayer(harness, "Zoë", position: "striker")
        kai = try Self.addPlayer(harness, "Kai", position: "goalkeeper")
        lea = try Self.addPlayer(harness, "Lea", position: "defender")
        max = try Self.addPlayer(harness, "Max", position: "midfielder")
    }

    static func addPlayer(_ harness: AppHarness, _ name: String, position: String) throws -> Player {
        let outcome = try harness.run(
            Command(
                link: .screen(.newPlayer), .submit([("name", name), ("position", position)], discardingDraft: true)))
        guard case .form(.playerAdded(let player), _) = outcome.result else {
            throw ClubhouseError.notOnScreen("no player added")
        }
        return player
    }

    /// StartGather itself, in one transaction, as the confirm form calls it.
    func startGather(_ a: [Player.ID], _ b: [Player.ID], owner: User.ID? = nil) throws -> Gather {
        try harness.database.write { repositories in
            try StartGather(players: repositories.players, gathers: repositories.gathers, clock: clock)(
                teamA: a, teamB: b, owner: owner ?? ana.id)
        }
    }

    func inProgress(_ owner: User.ID? = nil) throws -> Gather? {
        try harness.database.read { try $0.gathers.inProgress(owner: owner ?? ana.id) }
    }

    func gatherCount() throws -> String {
        try sqlite(harness.path, "SELECT count(*) FROM gathers")
    }

    /// The gather on screen, from the outcome of a command.
    func shown(_ outcome: Outcome) throws -> GatherViewModel {
        guard case .gather(let model) = outcome.content else {
            throw ClubhouseError.notOnScreen("no gather on screen")
        }
        return model
    }

    /// The countdown as a fresh tree (a new process) reads it, without changing anything.
    func watch() throws -> GatherViewModel {
        guard case .gather(let model) = try harness.app().look(.gather(.show)).result else {
            throw ClubhouseError.notOnScreen("no gather shown")
        }
        return model
    }

    @discardableResult
    func play(_ change: GatherChange) throws -> GatherViewModel {
        try harness.gather(.play(change))
    }

    func end() throws -> Gather {
        try harness.gather(.end).gather
    }

    /// Ends a gather of Zoë and Kai against Lea and Max with the given score.
    func playAndEnd(_ a: Int, _ b: Int) throws -> Gather {
        try harness.startGather(a: [zoe, kai], b: [lea, max])
        try play(.setScore(try Score(a: a, b: b)))
        return try end()
    }

    // MARK: Starting

    @Test func startingAGatherPushesItOverTheConfirmScreenAndClearsTheTeams() throws {
        let app = harness.app()
        try app.perform(.open(.screen(.confirmPlayers)))
        let main = try app.requireMain()
        weak let confirm = main.players.pushed
        #expect(confirm is ConfirmPlayersCoordinator)
        try app.perform(Command(.fill([("team-a", "\(zoe.id), \(kai.id)"), ("team-b", "\(lea.id)")])))
        #expect(
            try harness.state()?.stack(for: .players).last
                == ScreenState(
                    path: "players/confirm",
                    draft: FormDraft(["team-a": "\(zoe.id), \(kai.id)", "team-b": "\(lea.id)"])))

        let outcome = try app.perform(Command(.submit([("team-b", "\(lea.id),\(max.id)")], discardingDraft: false)))
        guard case .form(.gatherStarted(let gather), let resumed) = outcome.result else {
            Issue.record("no gather started")
            return
        }
        #expect(resumed == ["team-a"])
        #expect(gather.teamA == [GatherPlayer(zoe), GatherPlayer(kai)])
        #expect(gather.teamB == [GatherPlayer(lea), GatherPlayer(max)])
        #expect(gather.teamA[0].position == .striker)
        #expect(gather.ownerID == ana.id)
        #expect(gather.startedAt == Self.startText)
        #expect(gather.score == Score())
        #expect(gather.timer == GatherTimer())
        #expect(gather.ending == nil)

        #expect(main.players.router.stack == [.players, .confirmPlayers, .gather(gather.id)])
        #expect(main.current is GatherCoordinator)
        #expect(main.players.pushed === confirm)
        #expect((confirm as? ConfirmPlayersCoordinator)?.draft == FormDraft())
        #expect(outcome.state?.selectedTab == .players)
        #expect(outcome.state?.paths(.players) == ["players", "players/confirm", "gathers/\(gather.id)"])
        let model = try shown(outcome)
        #expect(model == GatherViewModel(gather, now: clock.now()))
        #expect(model.timerText == "10:00")
        #expect(model.timerState == .stopped)
        #expect(model.playedText == "00:00")
        #expect(!model.isTimeUp)

        // What is stored: the teams are no longer a draft of the confirm screen.
        let stored = try #require(try harness.state())
        #expect(stored.paths(.players) == ["players", "players/confirm", "gathers/\(gather.id)"])
        #expect(stored.stack(for: .players)[1].draft?.isEmpty ?? true)
        #expect(try inProgress() == gather)
    }

    @Test func theConfirmScreenListsThePlayersToPickFrom() throws {
        guard case .confirmPlayers(let model) = try harness.open("players/confirm").content else {
            Issue.record("not on the confirm screen")
            return
        }
        #expect(model.players == [zoe, kai, lea, max])
        #expect(model.form.fields.map(\.name) == ["team-a", "team-b"])
        #expect(model.form.missing.map(\.name) == ["team-a", "team-b"])
    }

    @Test func bothTeamsNeedAPlayer() throws {
        #expect(throws: ClubhouseError.invalidInput("both teams need at least one player")) {
            try startGather([], [zoe.id])
        }
        #expect(throws: ClubhouseError.invalidInput("both teams need at least one player")) {
            try startGather([zoe.id], [])
        }
        // The form says which team.
        #expect(throws: ClubhouseError.invalidInput("Team B needs at least one player")) {
            try harness.run(
                Command(link: .screen(.confirmPlayers), .submit([("team-a", "\(zoe.id)")], discardingDraft: true)))
        }
        #expect(throws: ClubhouseError.invalidInput("Team A needs at least one player")) {
            try harness.run(
                Command(
                    link: .screen(.confirmPlayers),
                    .submit([("team-a", " , "), ("team-b", "\(zoe.id)")], discardingDraft: true)))
        }
        #expect(try gatherCount() == "0")
    }

    @Test func aTeamIsWholeIds() throws {
        try harness.open("players/confirm")
        #expect(
            throws: ClubhouseError.invalidInput(
                "Team A: 'zoe' is not a player id (ids are whole numbers, as 'player list' shows)")
        ) {
            try harness.run(.fill([("team-a", "\(kai.id),zoe")]))
        }
        #expect(
            throws: ClubhouseError.invalidInput(
                "Team B: '-3' is not a player id (ids are whole numbers, as 'player list' shows)")
        ) {
            try harness.run(.fill([("team-b", "-3")]))
        }
        #expect(throws: ClubhouseError.invalidInput("the confirm-players form has no field 'team-c'")) {
            try harness.run(.fill([("team-c", "1")]))
        }
        #expect(try harness.state()?.stack(for: .players).last?.draft?.isEmpty ?? true)
    }

    @Test func aPlayerOnBothTeamsIsRefused() throws {
        #expect(throws: ClubhouseError.invalidInput("player \(kai.id) is on both teams")) {
            try startGather([zoe.id, kai.id], [kai.id, lea.id])
        }
        #expect(throws: ClubhouseError.invalidInput("player \(kai.id) is on both teams")) {
            try harness.startGather(a: [kai], b: [kai])
        }
        #expect(try gatherCount() == "0")
    }

    @Test func aPlayerListedTwiceIsRefused() throws {
        #expect(throws: ClubhouseError.invalidInput("player \(zoe.id) is listed twice")) {
            try startGather([zoe.id, kai.id, zoe.id], [lea.id])
        }
        #expect(throws: ClubhouseError.invalidInput("player \(lea.id) is listed twice")) {
            try startGather([zoe.id], [lea.id, lea.id])
        }
        #expect(try gatherCount() == "0")
    }

    @Test func anUnknownPlayerIsRefused() throws {
        #expect(throws: ClubhouseError.playerNotFound(999)) {
            try startGather([zoe.id], [999])
        }
        #expect(ClubhouseError.playerNotFound(999).message == "no player 999")
        #expect(throws: ClubhouseError.playerNotFound(999)) {
            try harness.run(
                Command(
                    link: .screen(.confirmPlayers),
                    .submit([("team-a", "999"), ("team-b", "\(zoe.id)")], discardingDraft: true)))
        }
        #expect(try gatherCount() == "0")
    }

    @Test func anotherUsersPlayerIsAsUnknownAsAMissingOne() throws {
        try harness.signOut()
        let bob = try harness.registerAndSignIn("bob")
        let bea = try Self.addPlayer(harness, "Bea", position: "winger")
        #expect(throws: ClubhouseError.playerNotFound(zoe.id)) {
            try startGather([bea.id], [zoe.id], owner: bob.id)
        }
        #expect(throws: ClubhouseError.playerNotFound(zoe.id)) {
            try harness.startGather(a: [zoe], b: [bea])
        }
        #expect(try gatherCount() == "0")
    }

    @Test func onlyOneGatherAtATime() throws {
        let first = try harness.startGather(a: [zoe], b: [kai])
        clock.advance(seconds: 60)
        #expect(throws: ClubhouseError.gatherInProgress(first.id, startedAt: Self.startText)) {
            try startGather([lea.id], [max.id])
        }
        #expect(throws: ClubhouseError.gatherInProgress(first.id, startedAt: Self.startText)) {
            try harness.startGather(a: [lea], b: [max])
        }
        #expect(
            ClubhouseError.gatherInProgress(first.id, startedAt: Self.startText).message
                == "gather \(first.id) (started \(Self.startText)) is in progress; end or cancel it first")
        #expect(try gatherCount() == "1")
        // Nothing was written: still on the gather that runs.
        #expect(try harness.state()?.paths(.players) == ["players", "players/confirm", "gathers/\(first.id)"])
    }

    @Test func anotherUserMayStartAGatherOfTheirOwnMeanwhile() throws {
        let anas = try harness.startGather(a: [zoe], b: [kai])
        try harness.signOut()
        try harness.registerAndSignIn("bob")
        let bea = try Self.addPlayer(harness, "Bea", position: "winger")
        let bo = try Self.addPlayer(harness, "Bo", position: "winger")
        let bobs = try harness.startGather(a: [bea], b: [bo])
        #expect(bobs.id != anas.id)
        #expect(try gatherCount() == "2")
    }

    // MARK: Scoring

    @Test func scoringStepsEachTeamWithin0To100() throws {
        let gather = try harness.startGather(a: [zoe], b: [kai])
        #expect(try play(.score(.a, by: 1)).gather.score.text == "1-0")
        #expect(try play(.score(.b, by: 1)).gather.score.text == "1-1")
        #expect(try play(.score(.b, by: 1)).gather.score.text == "1-2")
        #expect(try play(.score(.a, by: -1)).gather.score.text == "0-2")
        // Minus at zero stays at zero.
        #expect(try play(.score(.a, by: -1)).gather.score.text == "0-2")
        #expect(try play(.setScore(try Score(a: 99, b: 100))).gather.score.text == "99-100")
        #expect(try play(.score(.b, by: 1)).gather.score.text == "99-100")
        #expect(try play(.score(.a, by: 1)).gather.score.text == "100-100")
        #expect(try play(.score(.a, by: 1)).gather.score.text == "100-100")
        #expect(try play(.setScore(Score())).gather.score.text == "0-0")
        #expect(try play(.setScore(try Score(a: 3, b: 2))).gather.score.text == "3-2")
        // Stored at once: a new tree reads it back.
        #expect(try watch().gather.score.text == "3-2")
        #expect(try sqlite(harness.path, "SELECT score_a, score_b FROM gathers WHERE id = \(gather.id)") == "3|2")
    }

    @Test func scoringOpensTheGatherWhereverTheUserIs() throws {
        let gather = try harness.startGather(a: [zoe], b: [kai])
        try harness.open("home/results")
        let outcome = try harness.run(.gather(.play(.score(.b, by: 1))))
        #expect(outcome.state?.selectedTab == .players)
        #expect(outcome.state?.selectedPage == .results)
        #expect(outcome.state?.paths(.players) == ["players", "players/confirm", "gathers/\(gather.id)"])
        guard case .gather(let model) = outcome.result else {
            Issue.record("no gather")
            return
        }
        #expect(model.gather.score.text == "0-1")
        #expect(try shown(outcome) == model)
    }

    @Test func watchingTheGatherChangesNothing() throws {
        let gather = try harness.startGather(a: [zoe], b: [kai])
        try harness.open("profile")
        let before = try harness.stored(for: ana)
        let outcome = try harness.app().look(.gather(.show))
        guard case .gather(let model) = outcome.result else {
            Issue.record("no gather")
            return
        }
        #expect(model.gather.id == gather.id)
        #expect(outcome.state?.selectedTab == .profile)
        #expect(try harness.stored(for: ana) == before)
    }

    // MARK: The countdown

    @Test func theCountdownRunsOnAcrossProcessesFromItsAnchor() throws {
        let gather = try harness.startGather(a: [zoe], b: [kai])
        let started = try play(.startTimer)
        #expect(started.timerState == .running)
        #expect(started.timerText == "10:00")
        #expect(
            try sqlite(
                harness.path,
                "SELECT timer_state, timer_remaining_ms, timer_started_ms, timer_played_ms FROM gathers WHERE id = \(gather.id)"
            ) == "running|600000|\(clock.now())|0")

        clock.advance(seconds: 7)
        // A new tree, as a new process would build: the time left follows from the anchor.
        let later = try watch()
        #expect(later.remainingSeconds == 593)
        #expect(later.timerText == "09:53")
        #expect(later.timerState == .running)
        #expect(later.playedText == "00:07")
        #expect(try shown(try harness.open("gathers/\(gather.id)")).timerText == "09:53")
        clock.advance(by: 999)
        #expect(try watch().timerText == "09:53")
        clock.advance(by: 1)
        #expect(try watch().timerText == "09:52")
    }

    @Test func aPausedCountdownStaysPut() throws {
        try harness.startGather(a: [zoe], b: [kai])
        try play(.startTimer)
        clock.advance(seconds: 7)
        let paused = try play(.pauseTimer)
        #expect(paused.timerState == .paused)
        #expect(paused.timerText == "09:53")
        clock.advance(seconds: 3_600)
        #expect(try watch().timerText == "09:53")
        #expect(try watch().timerState == .paused)
        #expect(try watch().playedText == "00:07")

        let resumed = try play(.resumeTimer)
        #expect(resumed.timerState == .running)
        #expect(resumed.timerText == "09:53")
        clock.advance(seconds: 3)
        #expect(try watch().timerText == "09:50")
        #expect(try watch().playedText == "00:10")
    }

    @Test func timerCommandsThatDoNotFitAreRefusedAndChangeNothing() throws {
        let gather = try harness.startGather(a: [zoe], b: [kai])
        #expect(throws: ClubhouseError.invalidInput("the timer is not running")) { try play(.pauseTimer) }
        #expect(throws: ClubhouseError.invalidInput("the timer is not paused; start it instead")) {
            try play(.resumeTimer)
        }
        try play(.startTimer)
        #expect(throws: ClubhouseError.invalidInput("the timer is already running")) { try play(.startTimer) }
        #expect(throws: ClubhouseError.invalidInput("the timer is already running")) { try play(.resumeTimer) }
        #expect(
            try sqlite(harness.path, "SELECT timer_state, timer_started_ms FROM gathers WHERE id = \(gather.id)")
                == "running|\(clock.now())")
    }

    @Test func whenTimeIsUpTheCountdownHasStoppedAtZero() throws {
        let gather = try harness.startGather(a: [zoe], b: [kai])
        try play(.startTimer)
        clock.advance(seconds: 600)
        let up = try watch()
        #expect(up.timerState == .stopped)
        #expect(up.remainingSeconds == 0)
        #expect(up.timerText == "00:00")
        #expect(up.isTimeUp)
        #expect(up.playedText == "10:00")
        clock.advance(seconds: 600)
        #expect(try watch().timerText == "00:00")
        #expect(try watch().playedText == "10:00")

        #expect(
            throws: ClubhouseError.invalidInput(
                "time is up; set a new time or reset the timer before starting it again")
        ) {
            try play(.startTimer)
        }
        #expect(throws: ClubhouseError.invalidInput("time is up; the timer has stopped")) { try play(.pauseTimer) }
        // Scoring still works, and settles the finished run in storage.
        #expect(try play(.score(.a, by: 1)).timerText == "00:00")
        #expect(
            try sqlite(harness.path, "SELECT timer_state, timer_remaining_ms FROM gathers WHERE id = \(gather.id)")
                == "stopped|0")

        let reset = try play(.resetTimer)
        #expect(reset.timerText == "10:00")
        #expect(reset.timerState == .stopped)
        #expect(try play(.startTimer).timerState == .running)
    }

    @Test func settingATimeStopsTheCountdown() throws {
        try harness.startGather(a: [zoe], b: [kai])
        try play(.startTimer)
        clock.advance(seconds: 30)
        let set = try play(.setTimer(try GatherTimer.duration(parsing: "5:30")))
        #expect(set.timerState == .stopped)
        #expect(set.timerText == "05:30")
        #expect(set.durationSeconds == 330)
        #expect(set.playedText == "00:30")
        clock.advance(seconds: 30)
        #expect(try watch().timerText == "05:30")
        try play(.startTimer)
        clock.advance(seconds: 31)
        #expect(try watch().timerText == "04:59")
    }

    @Test func aClockSetBackwardsIsNoTimePassing() throws {
        try harness.startGather(a: [zoe], b: [kai])
        try play(.startTimer)
        clock.advance(seconds: -120)
        #expect(try watch().timerText == "10:00")
        #expect(try watch().timerState == .running)
        clock.advance(seconds: 125)
        #expect(try watch().timerText == "09:55")
    }

    @Test func theGatherInProgressSurvivesManyFreshTrees() throws {
        let gather = try harness.startGather(a: [zoe, kai], b: [lea])
        try play(.startTimer)
        try play(.score(.a, by: 1))
        for round in 1...6 {
            clock.advance(seconds: 10)
            try harness.run(.selectTab(round.isMultiple(of: 2) ? .home : .profile))
            let model = try watch()
            #expect(model.gather.id == gather.id)
            #expect(model.gather.score.text == "1-0")
            #expect(model.remainingSeconds == 600 - 10 * round)
            #expect(try harness.state()?.paths(.players) == ["players", "players/confirm", "gathers/\(gather.id)"])
        }
        try harness.run(.selectTab(.players))
        let outcome = try harness.look()
        #expect(outcome.warnings.isEmpty)
        #expect(try shown(outcome).timerText == "09:00")
        #expect(try shown(outcome).gather.teamA.map(\.name) == ["Zoë", "Kai"])
    }

    // MARK: Ending

    @Test(arguments: [(3, 1, Winner.teamA), (0, 2, .teamB), (2, 2, .none), (0, 0, .none)])
    func endingKeepsTheScoreAndItsWinner(_ a: Int, _ b: Int, _ winner: Winner) throws {
        let started = try harness.startGather(a: [zoe, kai], b: [lea, max])
        try play(.setScore(try Score(a: a, b: b)))
        clock.advance(seconds: 90)
        let outcome = try harness.run(.gather(.end))
        guard case .gatherEnded(let model) = outcome.result else {
            Issue.record("not ended")
            return
        }
        #expect(model.gather.id == started.id)
        #expect(model.gather.ending == Gather.Ending(endedAt: "2026-09-21T14:14:50.000Z", winner: winner))
        #expect(model.gather.score == (try Score(a: a, b: b)))
        #expect(model.timerState == .stopped)
        #expect(outcome.state?.paths(.players) == ["players"])
        #expect(outcome.state?.selectedTab == .players)
        #expect(try harness.listedPlayers(outcome.content) == [zoe, kai, lea, max])
        #expect(try inProgress() == nil)
        #expect(
            try sqlite(harness.path, "SELECT winner, ended_at FROM gathers WHERE id = \(started.id)")
                == "\(winner.rawValue)|2026-09-21T14:14:50.000Z")
    }

    @Test func endingPopsBackToThePlayersAndReleasesTheGatherScreens() throws {
        try harness.startGather(a: [zoe], b: [kai])
        let app = harness.app()
        try app.perform(Command(.gather(.show)))
        let main = try app.requireMain()
        weak let confirm = main.players.pushed
        weak let gatherScreen = main.players.pushed?.pushed
        #expect(confirm is ConfirmPlayersCoordinator)
        #expect(gatherScreen is GatherCoordinator)
        #expect(main.current === gatherScreen)

        try app.perform(Command(.gather(.play(.score(.b, by: 1)))))
        #expect(main.current === gatherScreen)  // scoring keeps the same screen
        let outcome = try app.perform(Command(.gather(.end)))
        guard case .gatherEnded(let model) = outcome.result else {
            Issue.record("not ended")
            return
        }
        #expect(model.gather.ending?.winner == .teamB)
        #expect(main.players.childCoordinators.isEmpty)
        #expect(main.players.router.stack == [.players])
        #expect(confirm == nil)
        #expect(gatherScreen == nil)
        #expect(main.current === main.players)
        #expect(try harness.state()?.paths(.players) == ["players"])
    }

    @Test func theTimePlayedIsKeptWhenTheGatherEnds() throws {
        try harness.startGather(a: [zoe], b: [kai])
        try play(.startTimer)
        clock.advance(seconds: 45)
        try play(.pauseTimer)
        clock.advance(seconds: 300)
        try play(.resumeTimer)
        clock.advance(seconds: 45)
        let ended = try harness.gather(.end)
        #expect(ended.playedText == "01:30")
        #expect(ended.timerText == "08:30")
        clock.advance(seconds: 3_600)
        let history = try harness.history()
        #expect(history.count == 1)
        #expect(GatherViewModel(history[0], now: clock.now()).playedText == "01:30")
    }

    @Test func endingOrPlayingWithNoGatherInProgressIsRefused() throws {
        #expect(throws: ClubhouseError.noGatherInProgress) { try harness.run(.gather(.end)) }
        #expect(throws: ClubhouseError.noGatherInProgress) { try harness.run(.gather(.cancel)) }
        #expect(throws: ClubhouseError.noGatherInProgress) { try harness.run(.gather(.show)) }
        #expect(throws: ClubhouseError.noGatherInProgress) { try play(.score(.a, by: 1)) }
        #expect(throws: ClubhouseError.noGatherInProgress) { try play(.startTimer) }
        #expect(throws: ClubhouseError.noGatherInProgress) { try harness.app().look(.gather(.show)) }

        try harness.startGather(a: [zoe], b: [kai])
        _ = try end()
        #expect(throws: ClubhouseError.noGatherInProgress) { try harness.run(.gather(.end)) }
        #expect(throws: ClubhouseError.noGatherInProgress) { try play(.score(.a, by: 1)) }
        #expect(try harness.history().count == 1)
    }

    @Test func theUseCasesRefuseWhatDoesNotFitTheGathersState() throws {
        let gather = try harness.startGather(a: [zoe], b: [kai])
        _ = try end()
        try harness.database.write { repositories in
            let useCases = UseCases(repositories, clock: clock)
            #expect(throws: ClubhouseError.invalidInput("gather \(gather.id) has ended; it can no longer change")) {
                try useCases.playGather(.score(.a, by: 1), gather.id, owner: ana.id)
            }
            #expect(throws: ClubhouseError.invalidInput("gather \(gather.id) has already ended")) {
                try useCases.endGather(gather.id, owner: ana.id)
            }
            #expect(throws: ClubhouseError.gatherNotFound(999)) {
                try useCases.endGather(999, owner: ana.id)
            }
            #expect(throws: ClubhouseError.gatherEnded(gather.id)) {
                try useCases.deleteGather(gather.id, owner: ana.id, inProgress: true)
            }
            let running = try useCases.startGather(teamA: [lea.id], teamB: [max.id], owner: ana.id)
            #expect(throws: ClubhouseError.gatherStillInProgress(running.id)) {
                try useCases.deleteGather(running.id, owner: ana.id, inProgress: false)
            }
            #expect(throws: ClubhouseError.gatherNotFound(999)) {
                try useCases.playGather(.startTimer, 999, owner: ana.id)
            }
        }
        #expect(try gatherCount() == "2")
    }

    @Test func historyListsEndedGathersNewestFirst() throws {
        let first = try playAndEnd(1, 0)
        clock.advance(seconds: 60)
        let second = try playAndEnd(0, 1)
        clock.advance(seconds: 60)
        let third = try playAndEnd(2, 2)
        let history = try harness.history()
        #expect(history.map(\.id) == [third.id, second.id, first.id])
        #expect(history.map { $0.ending?.winner } == [Winner.none, .teamB, .teamA])
        guard case .profile(let profile) = try harness.open("profile").content else {
            Issue.record("not on the profile")
            return
        }
        #expect(profile.gathersPlayed == 3)
        #expect(profile.playerCount == 4)
    }

    @Test func theHomeResultsPageShowsTheLastFiveNewestFirst() throws {
        var ended: [Gather] = []
        for round in 0..<6 {
            clock.advance(seconds: 60)
            ended.append(try playAndEnd(round, 0))
        }
        let outcome = try harness.open("home/results")
        guard case .home(let home) = outcome.content, case .results(let results) = home.content else {
            Issue.record("not on the results page")
            return
        }
        #expect(home.selectedPage == .results)
        #expect(results.map(\.gather.id) == ended.reversed().prefix(5).map(\.id))
        #expect(results.map(\.gather.score.text) == ["5-0", "4-0", "3-0", "2-0", "1-0"])
        #expect(try harness.history().count == 6)
    }

    @Test func aGatherInProgressIsNotAResult() throws {
        try harness.startGather(a: [zoe], b: [kai])
        guard case .home(let home) = try harness.open("home/results").content else {
            Issue.record("not home")
            return
        }
        #expect(home.content == .results([]))
        #expect(try harness.history().isEmpty)
    }

    // MARK: Cancelling

    @Test func cancellingDiscardsTheGatherAndPopsBack() throws {
        let gather = try harness.startGather(a: [zoe], b: [kai])
        try play(.score(.a, by: 2))
        let app = harness.app()
        try app.perform(Command(.gather(.show)))
        let main = try app.requireMain()
        weak let gatherScreen = main.players.pushed?.pushed
        #expect(gatherScreen is GatherCoordinator)
        let outcome = try app.perform(Command(.gather(.cancel)))
        guard case .gatherCancelled(let cancelled) = outcome.result else {
            Issue.record("not cancelled")
            return
        }
        #expect(cancelled.id == gather.id)
        #expect(cancelled.score.text == "2-0")
        #expect(main.players.childCoordinators.isEmpty)
        #expect(gatherScreen == nil)
        #expect(outcome.state?.paths(.players) == ["players"])
        #expect(try harness.history().isEmpty)
        #expect(try gatherCount() == "0")
        #expect(try sqlite(harness.path, "SELECT count(*) FROM gather_players") == "0")
        #expect(throws: ClubhouseError.unresolvedLink(reason: "no gather \(gather.id)", deepest: "gathers")) {
            try harness.open("gathers/\(gather.id)")
        }
        // The next gather may start at once.
        #expect(try harness.startGather(a: [lea], b: [max]).id != gather.id)
    }

    @Test func aGatherInProgressCannotBeDeletedFromItsScreen() throws {
        let gather = try harness.startGather(a: [zoe], b: [kai])
        #expect(throws: ClubhouseError.gatherStillInProgress(gather.id)) {
            try harness.run(Command(link: .screen(.gather(gather.id)), .deleteGather))
        }
        #expect(try inProgress()?.id == gather.id)
    }

    @Test func deleteGatherNeedsAGathersScreen() throws {
        #expect(
            throws: ClubhouseError.notOnScreen(
                "this needs an ended gather's screen (profile > gathers > gathers/ID); you are on gathers")
        ) {
            try harness.run(Command(link: .screen(.gathers), .deleteGather))
        }
    }

    // MARK: History

    @Test func anEndedGatherOpensFromTheProfilesHistory() throws {
        let gather = try playAndEnd(2, 1)
        let app = harness.app()
        let outcome = try app.perform(.open(.screen(.gather(gather.id))))
        let main = try app.requireMain()
        #expect(outcome.state?.selectedTab == .profile)
        #expect(outcome.state?.paths(.profile) == ["profile", "gathers", "gathers/\(gather.id)"])
        #expect(outcome.state?.paths(.players) == ["players"])
        #expect(main.profile.pushed is GatherListCoordinator)
        #expect(main.current is GatherResultCoordinator)
        let model = try shown(outcome)
        #expect(model.gather == gather)
        #expect(model.gather.ending?.winner == .teamA)
        #expect(!model.isTimeUp)
        #expect(model.gather.teamA.map(\.name) == ["Zoë", "Kai"])
        #expect(model.gather.teamB.map(\.position) == [.defender, .midfielder])
    }

    @Test func deletingFromHistoryPopsBackToTheList() throws {
        let kept = try playAndEnd(1, 0)
        clock.advance(seconds: 60)
        let gather = try playAndEnd(0, 3)
        let app = harness.app()
        try app.perform(.open(.screen(.gather(gather.id))))
        let main = try app.requireMain()
        weak let result = main.current
        #expect(result is GatherResultCoordinator)
        let outcome = try app.perform(Command(.deleteGather))
        guard case .gatherDeleted(let deleted) = outcome.result else {
            Issue.record("not deleted")
            return
        }
        #expect(deleted.id == gather.id)
        #expect(result == nil)
        #expect(main.profile.router.stack == [.profile, .gathers])
        #expect(main.profile.pushed?.childCoordinators.isEmpty == true)
        #expect(outcome.state?.paths(.profile) == ["profile", "gathers"])
        #expect(
            outcome.content == .gatherList([GatherViewModel(kept, now: clock.now())]))
        #expect(try harness.history().map(\.id) == [kept.id])
        // Gone for good: the link no longer resolves, and a second delete has nothing to delete.
        #expect(throws: ClubhouseError.unresolvedLink(reason: "no gather \(gather.id)", deepest: "gathers")) {
            try harness.run(Command(link: .screen(.gather(gather.id)), .deleteGather))
        }
        #expect(try harness.state()?.paths(.profile) == ["profile", "gathers"])
    }

    @Test func aTreeShowingAGatherFollowsAnotherProcessThatDeletedIt() throws {
        let gather = try playAndEnd(1, 0)
        let app = harness.app()
        try app.perform(.open(.screen(.gather(gather.id))))
        // Another process deletes it, and saves its navigation (already popped) with it.
        try harness.run(Command(link: .screen(.gather(gather.id)), .deleteGather))
        let outcome = try app.perform(Command(.none))
        #expect(outcome.state?.paths(.profile) == ["profile", "gathers"])
        #expect(outcome.warnings == [])
        #expect(try app.requireMain().profile.router.stack == [.profile, .gathers])
        #expect(outcome.content == .gatherList([]))
    }

    @Test func aStaleTreeCutsAGatherThatWasDeletedUnderIt() throws {
        let gather = try playAndEnd(1, 0)
        let app = harness.app()
        try app.perform(.open(.screen(.gather(gather.id))))
        // Deleted behind the tree's back, leaving the stored navigation as the tree knows it.
        try sqlite(harness.path, "DELETE FROM gathers WHERE id = \(gather.id)")
        let outcome = try app.perform(Command(.none))
        #expect(
            outcome.warnings == [
                "no gather \(gather.id): cut gathers/\(gather.id) from the profile tab; you are on gathers"
            ])
        #expect(outcome.state?.paths(.profile) == ["profile", "gathers"])
        #expect(try app.requireMain().profile.router.stack == [.profile, .gathers])
    }

    // MARK: Players who changed

    @Test func historyKeepsADeletedPlayersNameAndPosition() throws {
        let gather = try playAndEnd(1, 0)
        try harness.run(Command(link: .screen(.player(zoe.id)), .deletePlayer))
        let history = try harness.history()
        #expect(history.map(\.id) == [gather.id])
        #expect(
            history[0].teamA == [
                GatherPlayer(playerID: nil, fields: PlayerFields(name: "Zoë", position: .striker)), GatherPlayer(kai),
            ])
        #expect(history[0].teamB == [GatherPlayer(lea), GatherPlayer(max)])
        // And the home results page the same.
        guard case .home(let home) = try harness.open("home/results").content,
            case .results(let results) = home.content
        else {
            Issue.record("no results")
            return
        }
        #expect(
            results.first?.gather.teamA.first
                == GatherPlayer(playerID: nil, fields: PlayerFields(name: "Zoë", position: .striker)))
    }

    @Test func aPlayerDeletedDuringAGatherStaysInItUnderTheirName() throws {
        let gather = try harness.startGather(a: [zoe, kai], b: [lea])
        try harness.run(Command(link: .screen(.player(zoe.id)), .deletePlayer))
        let model = try watch()
        #expect(model.gather.id == gather.id)
        #expect(
            model.gather.teamA == [
                GatherPlayer(playerID: nil, fields: PlayerFields(name: "Zoë", position: .striker)), GatherPlayer(kai),
            ])
        let ended = try end()
        #expect(
            ended.teamA == [
                GatherPlayer(playerID: nil, fields: PlayerFields(name: "Zoë", position: .striker)), GatherPlayer(kai),
            ])
    }

    @Test func aPlayerRenamedThenDeletedDuringAGatherKeepsTheNameTheyLastHad() throws {
        try harness.startGather(a: [zoe], b: [kai])
        try harness.run(
            Command(link: .screen(.editPlayer(zoe.id, field: .name)), .submit([("name", "Zed")], discardingDraft: true))
        )
        #expect(try watch().gather.teamA.map(\.name) == ["Zed"])
        try harness.run(Command(link: .screen(.player(zoe.id)), .deletePlayer))
        #expect(
            try watch().gather.teamA == [
                GatherPlayer(playerID: nil, fields: PlayerFields(name: "Zed", position: .striker))
            ])
        #expect(try end().teamA == [GatherPlayer(playerID: nil, fields: PlayerFields(name: "Zed", position: .striker))])
        #expect(
            try harness.history().first?.teamA == [
                GatherPlayer(playerID: nil, fields: PlayerFields(name: "Zed", position: .striker))
            ])
    }

    @Test func aGatherInProgressShowsARenamedPlayersNewName() throws {
        try harness.startGather(a: [zoe], b: [kai])
        try harness.run(
            Command(link: .screen(.editPlayer(zoe.id, field: .name)), .submit([("name", "Zed")], discardingDraft: true))
        )
        try harness.run(
            Command(
                link: .screen(.editPlayer(kai.id, field: .position)),
                .submit([("position", "winger")], discardingDraft: true)))
        let model = try watch()
        #expect(model.gather.teamA.map(\.name) == ["Zed"])
        #expect(model.gather.teamA.first?.playerID == zoe.id)
        #expect(model.gather.teamB.map(\.position) == [.winger])
        // History keeps the names as they were when the gather ended.
        let ended = try end()
        #expect(ended.teamA.map(\.name) == ["Zed"])
        try harness.run(
            Command(link: .screen(.editPlayer(zoe.id, field: .name)), .submit([("name", "Zia")], discardingDraft: true))
        )
        try harness.run(
            Command(
                link: .screen(.editPlayer(kai.id, field: .position)),
                .submit([("position", "defender")], discardingDraft: true)))
        let history = try harness.history()
        #expect(history.first?.teamA.map(\.name) == ["Zed"])
        #expect(history.first?.teamA.first?.playerID == zoe.id)
        #expect(history.first?.teamB.map(\.position) == [.winger])
        #expect(try shown(try harness.open("gathers/\(ended.id)")).gather.teamA.map(\.name) == ["Zed"])
    }

    // MARK: Restoration

    private func store(_ stacks: [Tab: [ScreenState]], tab: Tab = .players) throws {
        try harness.store(NavigationState(selectedTab: tab, selectedPage: .results, stacks: stacks), for: ana)
    }

    @Test func aStoredGatherThatNoLongerExistsIsCutAndTheRestKept() throws {
        let ended = try playAndEnd(1, 0)
        try store([
            .players: screens("players", "players/confirm", "gathers/999"),
            .profile: screens("profile", "gathers", "gathers/\(ended.id)"),
            .home: screens("home"),
        ])
        let outcome = try harness.look()
        #expect(
            outcome.warnings == [
                "no gather 999: cut gathers/999 from the players tab; you are on players/confirm"
            ])
        let state = try #require(outcome.state)
        #expect(state.paths(.players) == ["players", "players/confirm"])
        #expect(state.paths(.profile) == ["profile", "gathers", "gathers/\(ended.id)"])
        #expect(state.selectedTab == .players)
        #expect(state.selectedPage == .results)
    }

    @Test func anEndedGatherStoredOnThePlayersTabIsCut() throws {
        let ended = try playAndEnd(1, 0)
        try store([
            .players: screens("players", "players/confirm", "gathers/\(ended.id)"),
            .profile: screens("profile", "gathers"),
        ])
        let outcome = try harness.look()
        #expect(
            outcome.warnings == [
                "gather \(ended.id) has ended: cut gathers/\(ended.id) from the players tab; you are on players/confirm"
            ])
        #expect(outcome.state?.paths(.players) == ["players", "players/confirm"])
        #expect(outcome.state?.paths(.profile) == ["profile", "gathers"])
        // The next command that writes saves the cut; then there is nothing left to cut.
        try harness.run(.selectTab(.home))
        #expect(try harness.look().warnings.isEmpty)
        #expect(try harness.state()?.paths(.players) == ["players", "players/confirm"])
    }

    @Test func aGatherInProgressStoredInHistoryIsCut() throws {
        let gather = try harness.startGather(a: [zoe], b: [kai])
        try store(
            [
                .players: screens("players", "players/confirm", "gathers/\(gather.id)"),
                .profile: screens("profile", "gathers", "gathers/\(gather.id)"),
            ], tab: .profile)
        let outcome = try harness.look()
        #expect(
            outcome.warnings == [
                "gather \(gather.id) is in progress; it is on the players tab, not in history: cut gathers/\(gather.id) from the profile tab; you are on gathers"
            ])
        #expect(outcome.state?.paths(.profile) == ["profile", "gathers"])
        #expect(outcome.state?.paths(.players) == ["players", "players/confirm", "gathers/\(gather.id)"])
    }

    @Test func aGatherEndedByAnotherProcessIsCutFromALiveTree() throws {
        try harness.startGather(a: [zoe], b: [kai])
        let app = harness.app()
        try app.perform(Command(.gather(.show)))
        try app.perform(Command(.selectTab(.home)))
        // Another process ends it with the same navigation stored, then the tree acts again.
        let gather = try #require(try inProgress())
        try harness.database.write { repositories in
            _ = try EndGather(gathers: repositories.gathers, clock: clock)(gather.id, owner: ana.id)
        }
        let outcome = try app.perform(Command(.none))
        #expect(outcome.warnings.count == 1)
        #expect(outcome.warnings.first?.hasPrefix("gather \(gather.id) has ended: cut gathers/\(gather.id)") == true)
        #expect(outcome.state?.paths(.players).contains("gathers/\(gather.id)") == false)
    }

    // MARK: A tampered file

    @Test func aTamperedTimerOrScoreIsReadWithinTheRules() throws {
        let gather = try harness.startGather(a: [zoe], b: [kai])
        try sqlite(
            harness.path,
            """
            PRAGMA ignore_check_constraints = ON;
            UPDATE gathers SET timer_state = 'running', timer_started_ms = NULL, timer_remaining_ms = 99999999,
                timer_played_ms = -5, score_a = 500, score_b = -3 WHERE id = \(gather.id);
            """)
        let model = try watch()
        #expect(model.timerState == .paused)
        #expect(model.timerText == "10:00")
        #expect(model.playedText == "00:00")
        #expect(model.gather.score.text == "100-0")
        // And it plays on from there.
        #expect(try play(.resumeTimer).timerState == .running)
        clock.advance(seconds: 7)
        #expect(try watch().timerText == "09:53")
    }

    @Test func aTimerValueOfTheWrongTypeLeavesTheGatherPlayable() throws {
        let gather = try harness.startGather(a: [zoe], b: [kai])
        try play(.startTimer)
        clock.advance(seconds: 7)
        // The schema allows it: text compares greater than any number, so the CHECK holds.
        try sqlite(harness.path, "UPDATE gathers SET timer_played_ms = 'abc' WHERE id = \(gather.id)")
        #expect(try sqlite(harness.path, "SELECT typeof(timer_played_ms) FROM gathers") == "text")
        let outcome = try harness.look()
        #expect(outcome.warnings == [])
        #expect(outcome.state?.paths(.players) == ["players", "players/confirm", "gathers/\(gather.id)"])
        let model = try shown(outcome)
        #expect(model.timerText == "09:53")
        #expect(model.playedText == "00:07")
        #expect(try play(.pauseTimer).timerText == "09:53")
        #expect(try sqlite(harness.path, "SELECT typeof(timer_played_ms) FROM gathers") == "integer")
        try harness.signOut()
    }

    @Test func aGatherThatCannotBeReadIsCutAndNeverLocksTheUserOut() throws {
        let gather = try harness.startGather(a: [zoe], b: [kai])
        try sqlite(
            harness.path,
            "PRAGMA ignore_check_constraints = ON; UPDATE gather_players SET team = 'c' WHERE player_id = \(kai.id)")
        let reason = "a player of gather \(gather.id) in the database cannot be read (unknown team 'c')"
        let outcome = try harness.look()
        #expect(
            outcome.warnings == [
                "\(reason): cut gathers/\(gather.id) from the players tab; you are on players/confirm"
            ])
        #expect(outcome.state?.paths(.players) == ["players", "players/confirm"])
        // Every other screen works, and the user can always sign out and in again.
        #expect(try harness.listedPlayers(try harness.open("players").content) == [zoe, kai, lea, max])
        try harness.signOut()
        try harness.run(.signIn(username: "ana", password: AppHarness.password))
        #expect(try harness.look().warnings == [])
        // The gather itself is a clean error, never a crash.
        #expect(
            throws: ClubhouseError.unreadableRecord(what: "a player of gather \(gather.id)", reason: "unknown team 'c'")
        ) {
            try harness.run(.gather(.show))
        }
    }

    // MARK: Other users

    @Test func anotherUserCannotOpenOrSeeTheGather() throws {
        let running = try harness.startGather(a: [zoe], b: [kai])
        try harness.signOut()
        let bob = try harness.registerAndSignIn("bob")
        #expect(throws: ClubhouseError.unresolvedLink(reason: "no gather \(running.id)", deepest: "gathers")) {
            try harness.open("gathers/\(running.id)")
        }
        #expect(throws: ClubhouseError.noGatherInProgress) { try harness.run(.gather(.show)) }
        #expect(throws: ClubhouseError.noGatherInProgress) { try harness.run(.gather(.end)) }
        #expect(try harness.history().isEmpty)
        #expect(try inProgress(bob.id) == nil)

        // Nor once it ended.
        try harness.signOut()
        try harness.run(.signIn(username: "ana", password: AppHarness.password))
        let ended = try end()
        try harness.signOut()
        try harness.run(.signIn(username: "bob", password: AppHarness.password))
        #expect(throws: ClubhouseError.unresolvedLink(reason: "no gather \(ended.id)", deepest: "gathers")) {
            try harness.open("gathers/\(ended.id)")
        }
        #expect(try harness.history().isEmpty)
        guard case .home(let home) = try harness.open("home/results").content else {
            Issue.record("not home")
            return
        }
        #expect(home.content == .results([]))
        // A stored stack naming ana's gather is cut like a missing one.
        try harness.store(
            NavigationState(
                selectedTab: .profile, selectedPage: .squad,
                stacks: [.profile: screens("profile", "gathers", "gathers/\(ended.id)")]), for: bob)
        #expect(
            try harness.look().warnings == [
                "no gather \(ended.id): cut gathers/\(ended.id) from the profile tab; you are on gathers"
            ])
        // And bob cannot delete it through his use cases either.
        _ = try harness.database.write { repositories in
            #expect(throws: ClubhouseError.gatherNotFound(ended.id)) {
                try DeleteGather(gathers: repositories.gathers)(ended.id, owner: bob.id, inProgress: false)
            }
        }
        #expect(try gatherCount() == "1")
    }

    // MARK: Home squad page and deleting players

    @Test func theSquadPageCountsThePlayersAndShowsTheNewestFive() throws {
        var added = [zoe, kai, lea, max]
        for name in ["Ana", "Bo", "Cy"] { added.append(try harness.addPlayer(name)) }
        let outcome = try harness.open("home/squad")
        #expect(outcome.state?.selectedTab == .home)
        guard case .home(let home) = outcome.content else {
            Issue.record("not home")
            return
        }
        #expect(home.selectedPage == .squad)
        #expect(home.content == .squad(count: 7, recent: added.reversed().prefix(5).map { $0 }))
        #expect(home.pages == [.squad, .results, .reading])
    }

    @Test func theSquadPageOfANewUserIsEmpty() throws {
        try harness.signOut()
        try harness.registerAndSignIn("bob")
        guard case .home(let home) = try harness.open("home/squad").content else {
            Issue.record("not home")
            return
        }
        #expect(home.content == .squad(count: 0, recent: []))
    }

    @Test func deletingAPlayerPopsBackToThePlayers() throws {
        let app = harness.app()
        try app.perform(.open(.screen(.player(kai.id))))
        let main = try app.requireMain()
        weak let detail = main.current
        #expect(detail is PlayerDetailCoordinator)
        let outcome = try app.perform(Command(.deletePlayer))
        #expect(outcome.result == .playerDeleted(kai))
        #expect(detail == nil)
        #expect(main.players.childCoordinators.isEmpty)
        #expect(outcome.state?.paths(.players) == ["players"])
        #expect(try harness.listedPlayers(outcome.content) == [zoe, lea, max])
        // A second delete: the screen is gone, and so is the player.
        #expect(throws: ClubhouseError.notOnScreen("this needs a player's screen (players/ID); you are on players")) {
            try app.perform(Command(.deletePlayer))
        }
        #expect(throws: ClubhouseError.unresolvedLink(reason: "no player \(kai.id)", deepest: "players")) {
            try harness.run(Command(link: .screen(.player(kai.id)), .deletePlayer))
        }
        try harness.database.write { repositories in
            #expect(throws: ClubhouseError.playerNotFound(kai.id)) {
                try DeletePlayer(players: repositories.players)(kai.id, owner: ana.id)
            }
            // Another user's player is as absent as a missing one.
            #expect(throws: ClubhouseError.playerNotFound(zoe.id)) {
                try DeletePlayer(players: repositories.players)(zoe.id, owner: ana.id + 1)
            }
        }
        #expect(try sqlite(harness.path, "SELECT count(*) FROM players") == "3")
    }

    @Test func deletingAPlayerFromTheirEditFormPopsBackToThePlayersToo() throws {
        try harness.open("players/\(kai.id)/edit/name")
        #expect(
            throws: ClubhouseError.notOnScreen(
                "this needs a player's screen (players/ID); you are on players/\(kai.id)/edit/name")
        ) {
            try harness.run(.deletePlayer)
        }
        let outcome = try harness.run(Command(link: .screen(.player(kai.id)), .deletePlayer))
        #expect(outcome.state?.paths(.players) == ["players"])
        #expect(outcome.warnings.isEmpty)
    }
}
