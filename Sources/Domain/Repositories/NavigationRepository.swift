public protocol NavigationRepository {
    func load(for userID: User.ID) throws -> StoredNavigation
    func save(_ snapshot: NavigationSnapshot, for userID: User.ID) throws
    func delete(for userID: User.ID) throws
}
