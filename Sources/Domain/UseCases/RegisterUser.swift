/// Creates an account. It does not sign in: the login screen does that next.
public struct RegisterUser {
    private let users: any UserRepository
    private let hasher: any PasswordHasher

    public init(users: any UserRepository, hasher: any PasswordHasher) {
        self.users = users
        self.hasher = hasher
    }

    public func callAsFunction(username rawUsername: String, password rawPassword: String) throws -> User {
        let username = try Username(rawUsername)
        let password = try Password(rawPassword)
        // Checked before hashing so a taken name fails fast; the unique index still guards races.
        if try users.credentials(forKey: username.key) != nil {
            throw ClubhouseError.usernameTaken(username.display)
        }
        return try users.insert(username: username, passwordHash: try hasher.hash(password))
    }
}
