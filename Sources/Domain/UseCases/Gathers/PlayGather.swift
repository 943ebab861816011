/// What can be done to a gather in progress: score and run its timer. Each reads the gather
/// fresh (another process may have scored since) and stores it at once.
public struct PlayGather {
    private let gathers: any GatherRepository
    private let clock: any WallClock

    public init(gathers: any GatherRepository, clock: any WallClock) {
        self.gathers = gathers
        self.clock = clock
    }

    public enum Change: Equatable, Sendable {
        /// One goal more (or, with -1, less) for a team; stays within 0–100.
        case score(Team, by: Int)
        case setScore(Score)
        case setTimer(Milliseconds)
        case startTimer, pauseTimer, resumeTimer, resetTimer
    }

    public func callAsFunction(_ change: Change, _ id: Gather.ID, owner: User.ID) throws -> Gather {
        var gather = try gathers.existing(id, owner: owner)
        guard gather.isInProgress else {
            throw ClubhouseError.invalidInput("gather \(id) has ended; it can no longer change")
        }
        let now = clock.now()
        let before = gather
        gather.timer = gather.timer.settled(at: now)
        switch change {
        case .score(let team, let delta): gather.score.step(team, by: delta)
        case .setScore(let score): gather.score = score
        case .setTimer(let duration): gather.timer.set(duration, at: now)
        case .startTimer: try gather.timer.start(at: now)
        case .pauseTimer: try gather.timer.pause(at: now)
        case .resumeTimer: try gather.timer.resume(at: now)
        case .resetTimer: gather.timer.reset(at: now)
        }
        if gather != before { try gathers.update(gather) }
        return gather
    }
}
