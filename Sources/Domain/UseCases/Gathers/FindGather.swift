/// Reads gathers: one by id, the one in progress, and the history.
package struct FindGather {
    let gathers: any GatherRepository

    package init(gathers: any GatherRepository) {
        self.gathers = gathers
    }

    /// The owner's gather, or `gatherNotFound`.
    package func callAsFunction(_ id: Gather.ID, owner: User.ID) throws -> Gather {
        try gathers.existing(id, owner: owner)
    }

    /// The owner's gather in progress, or `noGatherInProgress`.
    package func inProgress(owner: User.ID) throws -> Gather {
        guard let gather = try gathers.inProgress(owner: owner) else { throw ClubhouseError.noGatherInProgress }
        return gather
    }

    package func historyCount(owner: User.ID) throws -> Int {
        try gathers.countEnded(owner: owner)
    }

    /// Ended gathers, newest first.
    package func history(owner: User.ID, limit: Int? = nil) throws -> [Gather] {
        try gathers.ended(owner: owner, limit: limit)
    }
}
