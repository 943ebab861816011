/// Starts a session for a user whose password matches.
public struct SignIn {
    private let users: any UserRepository
    private let sessions: any SessionRepository
    private let hasher: any PasswordHasher

    public init(users: any UserRepository, sessions: any SessionRepository, hasher: any PasswordHasher) {
        self.users = users
        self.sessions = sessions
        self.hasher = hasher
    }

    public func callAsFunction(username rawUsername: String, password: String) throws -> User {
        if let current = try sessions.activeUser() {
            throw ClubhouseError.alreadySignedIn(username: current.username)
        }
        // An unknown or malformed name still pays for one verification, so timing does not tell
        // which usernames exist.
        let found = try (try? Username(rawUsername)).flatMap { try users.credentials(forKey: $0.key) }
        let matches = hasher.verify(password, against: found?.passwordHash ?? hasher.decoyHash)
        guard let user = found?.user, matches else { throw ClubhouseError.wrongCredentials }
        try sessions.start(for: user.id)
        return user
    }
}
