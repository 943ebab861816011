package protocol GatherRepository {
    /// Starts a gather of `owner`'s players at `now` with the default timer.
    func insert(owner: User.ID, teamA: [Player], teamB: [Player], at now: Milliseconds) throws -> Gather
    /// The owner's gather with `id`, in progress or ended; another user's is as absent as a missing one.
    func find(_ id: Gather.ID, owner: User.ID) throws -> Gather?
    /// The owner's gather in progress, if any (there is at most one).
    func inProgress(owner: User.ID) throws -> Gather?
    /// Stores the score and timer of a gather in progress.
    func update(_ gather: Gather) throws
    /// Stores the final score, timer and winner; the players as they are now are kept with it.
    func end(_ gather: Gather, at now: Milliseconds) throws -> Gather
    /// Removes a gather (cancelled, or deleted from history). False when there was none.
    func delete(_ id: Gather.ID, owner: User.ID) throws -> Bool
    /// How many gathers the owner has ended.
    func countEnded(owner: User.ID) throws -> Int
    /// Ended gathers, newest first; at most `limit` when given.
    func ended(owner: User.ID, limit: Int?) throws -> [Gather]
    /// Up to `limit` ended gathers after `id` in history's order (newest first; from the newest
    /// when nil). A gather no longer in history stands where the next older one is.
    func ended(owner: User.ID, after id: Gather.ID?, limit: Int) throws -> [Gather]
    /// Up to `limit` ended gathers before `id` in history's order, nearest first (from the oldest
    /// when nil).
    func ended(owner: User.ID, before id: Gather.ID?, limit: Int) throws -> [Gather]
}

extension GatherRepository {
    /// The owner's gather, or `gatherNotFound`.
    func existing(_ id: Gather.ID, owner: User.ID) throws -> Gather {
        guard let gather = try find(id, owner: owner) else { throw ClubhouseError.gatherNotFound(id) }
        return gather
    }
}
