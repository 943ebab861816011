/// Ends the gather in progress: the final score and the winner are kept in history (app).
package struct EndGather {
    private let gathers: any GatherRepository
    private let clock: any WallClock

    package init(gathers: any GatherRepository, clock: any WallClock) {
        self.gathers = gathers
        self.clock = clock
    }

    package func callAsFunction(_ id: Gather.ID, owner: User.ID) throws -> Gather {
        var gather = try gathers.existing(id, owner: owner)
        let now = clock.now()
        try Self.finish(&gather, at: now)
        return try gathers.end(gather, at: now)
    }

    /// The gather as it ends at `now` (the server ends gathers by this too): the countdown stops
    /// where it is, and what ran is the time played.
    package static func finish(_ gather: inout Gather, at now: Milliseconds) throws(ClubhouseError) {
        guard gather.isInProgress else { throw .invalidInput("gather \(gather.id) has already ended") }
        gather.timer.stop(at: now)
    }
}

/// Removes a gather: one in progress is cancelled (never kept in history), an ended one is
/// deleted from history.
package struct DeleteGather {
    private let gathers: any GatherRepository

    package init(gathers: any GatherRepository) {
        self.gathers = gathers
    }

    package func callAsFunction(_ id: Gather.ID, owner: User.ID, inProgress: Bool) throws {
        let gather = try gathers.existing(id, owner: owner)
        try Self.checkRemovable(gather, inProgress: inProgress)
        _ = try gathers.delete(id, owner: owner)
    }

    /// Cancelling takes a gather in progress, deleting from history an ended one.
    package static func checkRemovable(_ gather: Gather, inProgress: Bool) throws(ClubhouseError) {
        guard gather.isInProgress == inProgress else {
            throw inProgress ? .gatherEnded(gather.id) : .gatherStillInProgress(gather.id)
        }
    }
}
