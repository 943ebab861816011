package protocol UserRepository {
    /// Inserts a new user; throws `ClubhouseError.usernameTaken` when the key is in use.
    func insert(username: Username, passwordHash: String) throws -> User
    /// The user and stored hash for a username key, if any.
    func credentials(forKey key: String) throws -> (user: User, passwordHash: String)?
}
