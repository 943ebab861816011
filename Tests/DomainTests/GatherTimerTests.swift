import ClubhouseDomain
import Testing

@Suite struct GatherTimerTests {
    /// Any instant will do: the timer only ever looks at differences.
    let t0: Milliseconds = 1_790_000_000_000

    @Test func startsStoppedAtTheDefaultTenMinutes() {
        let timer = GatherTimer()
        #expect(GatherTimer.defaultDuration == 600_000)
        #expect(timer.duration == 600_000)
        #expect(timer.state == .stopped)
        #expect(timer.remainingAtAnchor == 600_000)
        #expect(timer.startedAt == nil)
        #expect(timer.playedBeforeAnchor == 0)
        #expect(timer.remainingSeconds(at: t0) == 600)
        #expect(GatherTimer.text(seconds: timer.remainingSeconds(at: t0)) == "10:00")
        #expect(timer.effectiveState(at: t0) == .stopped)
        #expect(!timer.isUp(at: t0))
        #expect(timer.played(at: t0) == 0)
    }

    @Test func aStoppedTimerDoesNotCountDown() {
        let timer = GatherTimer()
        #expect(timer.remaining(at: t0 + 3_600_000) == 600_000)
        #expect(timer.remaining(at: 0) == 600_000)
    }

    @Test func runningCountsDownFromTheAnchorAndRoundsUpToWholeSeconds() throws {
        var timer = GatherTimer()
        try timer.start(at: t0)
        #expect(timer.state == .running)
        #expect(timer.startedAt == t0)
        #expect(timer.remainingAtAnchor == 600_000)
        #expect(timer.remaining(at: t0 + 7_000) == 593_000)
        #expect(timer.remainingSeconds(at: t0 + 7_000) == 593)
        #expect(GatherTimer.text(seconds: timer.remainingSeconds(at: t0 + 7_000)) == "09:53")
        // 593.001 s left still shows 09:54; 592.999 s left still shows 09:53.
        #expect(timer.remainingSeconds(at: t0 + 6_999) == 594)
        #expect(timer.remainingSeconds(at: t0 + 7_001) == 593)
        #expect(timer.remainingSeconds(at: t0 + 7_999) == 593)
        #expect(timer.remainingSeconds(at: t0 + 8_000) == 592)
        // Under a second left is not yet zero.
        #expect(timer.remainingSeconds(at: t0 + 599_999) == 1)
        #expect(!timer.isUp(at: t0 + 599_999))
        #expect(timer.effectiveState(at: t0 + 599_999) == .running)
    }

    @Test func aPausedTimerStaysPutHoweverMuchTimePasses() throws {
        var timer = GatherTimer()
        try timer.start(at: t0)
        try timer.pause(at: t0 + 7_000)
        #expect(timer.state == .paused)
        #expect(timer.startedAt == nil)
        #expect(timer.remainingAtAnchor == 593_000)
        for later: Milliseconds in [7_000, 60_000, 3_600_000, 86_400_000 * 365] {
            #expect(timer.remaining(at: t0 + later) == 593_000)
            #expect(timer.remainingSeconds(at: t0 + later) == 593)
            #expect(timer.effectiveState(at: t0 + later) == .paused)
            #expect(timer.played(at: t0 + later) == 7_000)
        }
    }

    @Test func resumeCarriesOnFromWhereItWasPaused() throws {
        var timer = GatherTimer()
        try timer.start(at: t0)
        try timer.pause(at: t0 + 7_000)
        try timer.resume(at: t0 + 100_000)
        #expect(timer.state == .running)
        #expect(timer.startedAt == t0 + 100_000)
        #expect(timer.remainingAtAnchor == 593_000)
        #expect(timer.remainingSeconds(at: t0 + 103_000) == 590)
    }

    @Test func playedAccumulatesAcrossPauseAndResume() throws {
        var timer = GatherTimer()
        try timer.start(at: t0)
        #expect(timer.played(at: t0 + 10_000) == 10_000)
        try timer.pause(at: t0 + 10_000)
        #expect(timer.playedBeforeAnchor == 10_000)
        try timer.resume(at: t0 + 50_000)
        #expect(timer.played(at: t0 + 65_000) == 25_000)
        try timer.pause(at: t0 + 65_000)
        try timer.resume(at: t0 + 70_000)
        #expect(timer.played(at: t0 + 71_500) == 26_500)
        #expect(timer.remaining(at: t0 + 71_500) == 573_500)
        timer.stop(at: t0 + 72_000)
        #expect(timer.state == .stopped)
        #expect(timer.played(at: t0 + 999_000) == 27_000)
        #expect(timer.remaining(at: t0 + 999_000) == 573_000)
    }

    @Test func playedNeverExceedsTheTimeSetOnceTimeIsUp() throws {
        var timer = GatherTimer()
        try timer.start(at: t0)
        #expect(timer.played(at: t0 + 2_000_000) == 600_000)
    }

    @Test func atZeroTheTimerHasStoppedAndCannotBeStartedAgain() throws {
        var timer = GatherTimer()
        try timer.start(at: t0)
        let end = t0 + 600_000
        #expect(timer.remaining(at: end) == 0)
        #expect(timer.isUp(at: end))
        #expect(timer.effectiveState(at: end) == .stopped)
        #expect(timer.remainingSeconds(at: end) == 0)
        #expect(GatherTimer.text(seconds: timer.remainingSeconds(at: end)) == "00:00")
        // Long after: still zero, never below.
        #expect(timer.remaining(at: end + 86_400_000) == 0)
        #expect(timer.effectiveState(at: end + 86_400_000) == .stopped)

        let settled = timer.settled(at: end + 5_000)
        #expect(settled.state == .stopped)
        #expect(settled.startedAt == nil)
        #expect(settled.remainingAtAnchor == 0)
        #expect(settled.playedBeforeAnchor == 600_000)

        let message = "time is up; set a new time or reset the timer before starting it again"
        #expect(throws: ClubhouseError.invalidInput(message)) { try timer.start(at: end + 5_000) }
        var stopped = settled
        #expect(throws: ClubhouseError.invalidInput(message)) { try stopped.start(at: end + 6_000) }
        #expect(throws: ClubhouseError.invalidInput("time is up; the timer has stopped")) {
            try timer.pause(at: end + 5_000)
        }
        #expect(throws: ClubhouseError.invalidInput("time is up; set a new time or reset the timer to play on")) {
            try timer.resume(at: end + 5_000)
        }
    }

    @Test func aResetAfterTimeIsUpCanBeStarted() throws {
        var timer = GatherTimer()
        try timer.start(at: t0)
        timer.reset(at: t0 + 700_000)
        #expect(timer.state == .stopped)
        #expect(timer.duration == 600_000)
        #expect(timer.remainingAtAnchor == 600_000)
        #expect(timer.played(at: t0 + 700_000) == 600_000)
        try timer.start(at: t0 + 800_000)
        #expect(timer.remainingSeconds(at: t0 + 801_000) == 599)
    }

    @Test func aClockSetBackwardsIsNoTimePassing() throws {
        var timer = GatherTimer()
        try timer.start(at: t0)
        #expect(timer.remaining(at: t0 - 5_000) == 600_000)
        #expect(timer.remaining(at: 0) == 600_000)
        #expect(timer.played(at: t0 - 5_000) == 0)
        #expect(timer.effectiveState(at: t0 - 5_000) == .running)
        // Paused at an instant before its start: nothing was played.
        try timer.pause(at: t0 - 60_000)
        #expect(timer.remainingAtAnchor == 600_000)
        #expect(timer.playedBeforeAnchor == 0)
    }

    @Test func settingATimeWhileRunningStopsIt() throws {
        var timer = GatherTimer()
        try timer.start(at: t0)
        timer.set(300_000, at: t0 + 5_000)
        #expect(timer.state == .stopped)
        #expect(timer.startedAt == nil)
        #expect(timer.duration == 300_000)
        #expect(timer.remainingAtAnchor == 300_000)
        // What ran before the new time was set still counts as played.
        #expect(timer.played(at: t0 + 99_000) == 5_000)
        #expect(timer.remaining(at: t0 + 99_000) == 300_000)
        try timer.start(at: t0 + 100_000)
        #expect(timer.remainingSeconds(at: t0 + 130_000) == 270)
    }

    @Test func settingATimeWhilePausedStopsIt() throws {
        var timer = GatherTimer()
        try timer.start(at: t0)
        try timer.pause(at: t0 + 1_000)
        timer.set(60_000, at: t0 + 2_000)
        #expect(timer.state == .stopped)
        #expect(timer.remainingAtAnchor == 60_000)
        #expect(throws: ClubhouseError.invalidInput("the timer is not paused; start it instead")) {
            try timer.resume(at: t0 + 3_000)
        }
    }

    @Test func resetGoesBackToTenMinutesStopped() throws {
        var timer = GatherTimer()
        timer.set(90_000, at: t0)
        try timer.start(at: t0)
        timer.reset(at: t0 + 30_000)
        #expect(timer.state == .stopped)
        #expect(timer.duration == 600_000)
        #expect(timer.remainingAtAnchor == 600_000)
        #expect(timer.startedAt == nil)
        #expect(timer.played(at: t0 + 30_000) == 30_000)
    }

    @Test func setKeepsTheDurationWithinThePickersRange() {
        #expect(GatherTimer.durationRange == 1_000...3_599_000)
        var timer = GatherTimer()
        timer.set(0, at: t0)
        #expect(timer.duration == 1_000)
        #expect(timer.remainingAtAnchor == 1_000)
        timer.set(-5_000, at: t0)
        #expect(timer.duration == 1_000)
        timer.set(3_600_000, at: t0)
        #expect(timer.duration == 3_599_000)
        timer.set(.max, at: t0)
        #expect(timer.duration == 3_599_000)
        #expect(timer.remainingAtAnchor == 3_599_000)
    }

    @Test func commandsThatDoNotFitTheStateAreRefusedAndChangeNothing() throws {
        var timer = GatherTimer()
        #expect(throws: ClubhouseError.invalidInput("the timer is not running")) { try timer.pause(at: t0) }
        #expect(throws: ClubhouseError.invalidInput("the timer is not paused; start it instead")) {
            try timer.resume(at: t0)
        }
        #expect(timer == GatherTimer())
        try timer.start(at: t0)
        let running = timer
        #expect(throws: ClubhouseError.invalidInput("the timer is already running")) {
            try timer.start(at: t0 + 1_000)
        }
        #expect(throws: ClubhouseError.invalidInput("the timer is already running")) {
            try timer.resume(at: t0 + 1_000)
        }
        #expect(timer == running)
    }

    @Test func startFromPausedRunsOnFromWhereItWas() throws {
        var timer = GatherTimer()
        try timer.start(at: t0)
        try timer.pause(at: t0 + 10_000)
        try timer.start(at: t0 + 20_000)
        #expect(timer.state == .running)
        #expect(timer.remaining(at: t0 + 25_000) == 585_000)
    }

    // MARK: MM:SS

    @Test(arguments: [
        ("10:00", 600_000 as Milliseconds), ("5:30", 330_000), ("00:01", 1_000), ("0:1", 1_000), ("59:59", 3_599_000),
        ("05:00", 300_000),
    ])
    func parsesTheTimeAsThePickerAllowsIt(_ text: String, _ expected: Milliseconds) throws {
        #expect(try GatherTimer.duration(parsing: text) == expected)
    }

    @Test(arguments: [
        "1:2:3", "-1:00", "aa:bb", "", ":", "10", "10:", ":30", "100:00", "10:000", " 5:30", "5:30 ", "+5:30", "５:30",
    ])
    func refusesTextThatIsNotMMSS(_ text: String) {
        #expect(throws: ClubhouseError.invalidInput("a time is MM:SS, for example 10:00 or 05:30")) {
            try GatherTimer.duration(parsing: text)
        }
    }

    @Test(arguments: ["60:00", "10:60", "99:99"])
    func refusesMinutesOrSecondsAbove59(_ text: String) {
        #expect(throws: ClubhouseError.invalidInput("minutes and seconds must each be between 00 and 59")) {
            try GatherTimer.duration(parsing: text)
        }
    }

    @Test(arguments: ["00:00", "0:0"])
    func refusesNoTimeAtAll(_ text: String) {
        #expect(throws: ClubhouseError.invalidInput("the time must be at least 00:01")) {
            try GatherTimer.duration(parsing: text)
        }
    }

    @Test(arguments: [
        (0, "00:00"), (1, "00:01"), (59, "00:59"), (60, "01:00"), (593, "09:53"), (600, "10:00"),
        (3_599, "59:59"), (-5, "00:00"),
    ])
    func printsZeroPaddedMMSS(_ seconds: Int, _ text: String) {
        #expect(GatherTimer.text(seconds: seconds) == text)
    }

    // MARK: Stored values

    @Test func storedValuesWithinTheRulesAreKeptAsTheyAre() {
        let timer = GatherTimer(
            duration: 300_000, state: .running, remainingAtAnchor: 120_000, startedAt: t0, playedBeforeAnchor: 180_000)
        #expect(timer.duration == 300_000)
        #expect(timer.state == .running)
        #expect(timer.remainingAtAnchor == 120_000)
        #expect(timer.startedAt == t0)
        #expect(timer.playedBeforeAnchor == 180_000)
        #expect(timer.remainingSeconds(at: t0 + 20_000) == 100)
        #expect(timer.played(at: t0 + 20_000) == 200_000)
    }

    @Test func tamperedStoredValuesAreBroughtBackWithinTheRules() {
        var timer = GatherTimer(
            duration: 0, state: .stopped, remainingAtAnchor: 600_000, startedAt: nil, playedBeforeAnchor: -1)
        #expect(timer.duration == 1_000)
        #expect(timer.remainingAtAnchor == 1_000)
        #expect(timer.playedBeforeAnchor == 0)

        timer = GatherTimer(
            duration: .max, state: .paused, remainingAtAnchor: .max, startedAt: t0, playedBeforeAnchor: 0)
        #expect(timer.duration == 3_599_000)
        #expect(timer.remainingAtAnchor == 3_599_000)
        #expect(timer.state == .paused)
        #expect(timer.startedAt == nil)

        timer = GatherTimer(
            duration: 600_000, state: .stopped, remainingAtAnchor: -30, startedAt: t0, playedBeforeAnchor: 0)
        #expect(timer.remainingAtAnchor == 0)
        #expect(timer.startedAt == nil)
        #expect(timer.isUp(at: t0))

        timer = GatherTimer(
            duration: .min, state: .stopped, remainingAtAnchor: .min, startedAt: nil, playedBeforeAnchor: .min)
        #expect(timer.duration == 1_000)
        #expect(timer.remainingAtAnchor == 0)
        #expect(timer.playedBeforeAnchor == 0)
    }

    @Test func aRunningTimerStoredWithoutAStartIsPaused() {
        let timer = GatherTimer(
            duration: 600_000, state: .running, remainingAtAnchor: 400_000, startedAt: nil, playedBeforeAnchor: 200_000)
        #expect(timer.state == .paused)
        #expect(timer.startedAt == nil)
        #expect(timer.remaining(at: t0 + 1_000_000) == 400_000)
        #expect(timer.effectiveState(at: t0) == .paused)
    }

    @Test func aStoredStartInTheFutureIsNoTimePassing() {
        let timer = GatherTimer(
            duration: 600_000, state: .running, remainingAtAnchor: 600_000, startedAt: t0 + 86_400_000,
            playedBeforeAnchor: 0)
        #expect(timer.remaining(at: t0) == 600_000)
        #expect(timer.played(at: t0) == 0)
    }

    // A stored start or time played far out of range (timer_started_ms and timer_played_ms have no
    // bound in the schema) gives a sane countdown, never a crash.

    @Test func aStoredStartLongBeforeAnyClockMeansTimeIsUp() {
        let timer = GatherTimer(
            duration: 600_000, state: .running, remainingAtAnchor: 600_000, startedAt: .min, playedBeforeAnchor: 0)
        #expect(timer.remaining(at: t0) == 0)
        #expect(timer.remainingSeconds(at: t0) == 0)
        #expect(timer.effectiveState(at: t0) == .stopped)
        #expect(timer.played(at: t0) == 600_000)
    }

    @Test func extremeStoredValuesDoNotCrash() async {
        // In a child process, so that a trap fails this test instead of the whole run.
        await #expect(processExitsWith: .success) {
            let now: Milliseconds = 1_790_000_000_000
            let fromTheStart = GatherTimer(
                duration: 600_000, state: .running, remainingAtAnchor: 600_000, startedAt: .min, playedBeforeAnchor: 0)
            precondition(fromTheStart.remaining(at: 0) == 0)
            precondition(fromTheStart.remaining(at: .max) == 0)
            precondition(fromTheStart.remaining(at: .min) == 600_000)
            let fromTheEnd = GatherTimer(
                duration: 600_000, state: .running, remainingAtAnchor: 600_000, startedAt: .max, playedBeforeAnchor: 0)
            _ = fromTheEnd.remaining(at: .min)
            precondition(fromTheEnd.remaining(at: now) == 600_000)

            var timer = GatherTimer(
                duration: 600_000, state: .running, remainingAtAnchor: 600_000, startedAt: now,
                playedBeforeAnchor: .max)
            precondition(timer.played(at: now + 1_000) > 0)
            try? timer.pause(at: now + 1_000)
            precondition(timer.state == .paused)
            precondition(timer.remaining(at: now + 5_000) == 599_000)
            try? timer.resume(at: now + 5_000)
            timer.stop(at: now + 6_000)
            precondition(timer.played(at: now + 6_000) > 0)
        }
    }

    @Test func aClockFarBeforeAStoredStartIsNoTimePassingEvenWhenTheDifferenceOverflows() {
        let timer = GatherTimer(
            duration: 600_000, state: .running, remainingAtAnchor: 600_000, startedAt: .max, playedBeforeAnchor: 0)
        #expect(timer.remaining(at: .min) == 600_000)
        #expect(timer.remaining(at: -1_000) == 600_000)
    }
}
