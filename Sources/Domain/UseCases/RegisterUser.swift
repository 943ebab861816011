/// Creates an account. It does not sign in: the login screen does that next.
///
/// Hashing is deliberately slow (scrypt, about a second and 128 MiB), so it is never done while
/// the write lock is held: the caller validates and hashes first (`Registration`), and this only
/// inserts. Thirty processes registering at once then queue for milliseconds, not seconds.
package struct RegisterUser {
    private let users: any UserRepository

    package init(users: any UserRepository) {
        self.users = users
    }

    /// Fails fast, before anyone pays for hashing, when the name is taken or looks like one that is.
    package func checkAvailable(_ username: Username) throws {
        if try users.credentials(forKey: username.key) != nil {
            throw ClubhouseError.usernameTaken(username.display)
        }
        if try users.holdsSkeleton(username.skeleton) {
            throw ClubhouseError.usernameLookalike(username.display)
        }
    }

    /// Inserts the account; the unique index still refuses a name taken since `checkAvailable`.
    package func callAsFunction(_ registration: Registration) throws -> User {
        try checkAvailable(registration.username)
        return try users.insert(username: registration.username, passwordHash: registration.passwordHash)
    }
}

/// A valid username with its password already hashed, ready to be inserted.
package struct Registration: Sendable {
    package let username: Username
    package let passwordHash: String

    /// Validates both and hashes the password: the slow part, done outside any transaction.
    package init(username rawUsername: String, password rawPassword: String, hasher: any PasswordHasher) throws {
        try self.init(username: try Username(rawUsername), password: try Password(rawPassword), hasher: hasher)
    }

    package init(username: Username, password: Password, hasher: any PasswordHasher) throws {
        self.username = username
        self.passwordHash = try hasher.hash(password)
    }
}
