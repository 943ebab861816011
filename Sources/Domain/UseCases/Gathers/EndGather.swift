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
        guard gather.isInProgress else { throw ClubhouseError.invalidInput("gather \(id) has already ended") }
        let now = clock.now()
        // The countdown stops where it is; what ran is the time played.
        gather.timer.stop(at: now)
        return try gathers.end(gather, at: now)
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
        guard gather.isInProgress == inProgress else {
            throw inProgress ? ClubhouseError.gatherEnded(id) : ClubhouseError.gatherStillInProgress(id)
        }
        _ = try gathers.delete(id, owner: owner)
    }
}
