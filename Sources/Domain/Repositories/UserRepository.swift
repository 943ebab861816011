package protocol UserRepository {
    /// Inserts a new user; throws `ClubhouseError.usernameTaken` when the key is in use and
    /// `usernameLookalike` when the skeleton is.
    func insert(username: Username, passwordHash: String) throws -> User
    /// Whether an account holds this skeleton (`Username.skeleton(for:)`).
    func holdsSkeleton(_ skeleton: String) throws -> Bool
    /// The user and stored hash for a username key, if any.
    func credentials(forKey key: String) throws -> (user: User, passwordHash: String)?
}
