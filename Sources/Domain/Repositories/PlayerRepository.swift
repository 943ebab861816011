public protocol PlayerRepository {
    /// Inserts a validated draft for `owner` and returns the stored player.
    func insert(_ draft: PlayerDraft, owner: User.ID) throws -> Player
    /// Stores the validated fields of an existing player of its owner.
    func update(_ player: Player) throws
    /// The owner's players, oldest first.
    func all(owner: User.ID) throws -> [Player]
    /// The player with `id` if `owner` owns it; another user's player is as absent as a missing one.
    func find(_ id: Player.ID, owner: User.ID) throws -> Player?
}
