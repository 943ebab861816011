package protocol PlayerRepository {
    /// Inserts a validated draft for `owner` and returns the stored player.
    func insert(_ draft: PlayerDraft, owner: User.ID) throws -> Player
    /// Stores the named fields of an existing player of its owner; the others are left as they
    /// are stored (a value this version could not read is not replaced by what it showed).
    func update(_ player: Player, fields: Set<PlayerField>) throws
    /// Deletes the owner's player; gathers they played in keep them by name. False when there was none.
    func delete(_ id: Player.ID, owner: User.ID) throws -> Bool
    /// The owner's players, oldest first.
    func all(owner: User.ID) throws -> [Player]
    /// The owner's players, oldest first, one at a time from a cursor: a list of any length in
    /// constant memory.
    func each(owner: User.ID, _ body: (Player) throws -> Void) throws
    /// The owner's players summed up for sizing a table (`PlayerListSummary`), reading only the
    /// columns it needs; each name that is not plain is handed to `otherName`.
    func summarize(owner: User.ID, otherName: (String) throws -> Void) throws -> PlayerListSummary
    /// The player with `id` if `owner` owns it; another user's player is as absent as a missing one.
    func find(_ id: Player.ID, owner: User.ID) throws -> Player?
    /// The owner's player who wears shirt number `number`, if one does.
    func wearer(ofShirtNumber number: Int, owner: User.ID) throws -> Player?
    func count(owner: User.ID) throws -> Int
    /// The most recently added players, newest first.
    func recent(owner: User.ID, limit: Int) throws -> [Player]
    /// Up to `limit` of the owner's players added after `id` (from the first when nil), oldest first.
    func players(owner: User.ID, after id: Player.ID?, limit: Int) throws -> [Player]
    /// Up to `limit` of the owner's players added before `id` (from the last when nil), newest first.
    func players(owner: User.ID, before id: Player.ID?, limit: Int) throws -> [Player]
}
