/// What can be done to a gather in progress: score and run its timer. Each reads the gather
/// fresh (another process may have scored since) and stores it at once.
package struct PlayGather {
    private let gathers: any GatherRepository
    private let clock: any WallClock

    package init(gathers: any GatherRepository, clock: any WallClock) {
        self.gathers = gathers
        self.clock = clock
    }

    package typealias Change = GatherChange

    package func callAsFunction(_ change: Change, _ id: Gather.ID, owner: User.ID) throws -> Gather {
        var gather = try gathers.existing(id, owner: owner)
        let before = gather
        try Self.apply(change, to: &gather, at: clock.now())
        guard gather != before else { return gather }
        try gathers.update(gather)
        // Every value the update wrote is one the app can show: read what it could not show before
        // as it is now stored (a winner or a player's row may still hold something it cannot).
        return gather.unshowableValues.isEmpty ? gather : try gathers.existing(id, owner: owner)
    }

    /// The change itself, on a gather read fresh (the server applies it too).
    package static func apply(_ change: Change, to gather: inout Gather, at now: Milliseconds) throws(ClubhouseError) {
        guard gather.isInProgress else {
            throw .invalidInput("gather \(gather.id) has ended; it can no longer change")
        }
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
    }
}
