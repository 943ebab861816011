/// Starts a session for a user whose password matches.
///
/// Verifying a password is deliberately slow, so it happens between two short transactions: a
/// read finds the account (`candidate`), the caller verifies with no lock held (`Credentials`),
/// and a write starts the session if the account still has the hash that was checked.
package struct SignIn {
    private let users: any UserRepository
    private let sessions: any SessionRepository

    package init(users: any UserRepository, sessions: any SessionRepository) {
        self.users = users
        self.sessions = sessions
    }

    /// The account a sign-in names, if any; fails first when someone is signed in already.
    package func candidate(username rawUsername: String) throws -> SignInCandidate {
        try requireSignedOut()
        return try account(username: rawUsername)
    }

    /// The account `rawUsername` names, if any, whoever is signed in (a password checked without
    /// signing in: `ClubhouseApp.checkPassword`).
    package func account(username rawUsername: String) throws -> SignInCandidate {
        // No username rule applies: a name registered under older rules still signs in, and an
        // unknown one still pays for one verification.
        for key in Username.signInKeys(for: rawUsername) {
            if let account = try users.credentials(forKey: key) { return SignInCandidate(account: account, key: key) }
        }
        return SignInCandidate(account: nil, key: "")
    }

    package func callAsFunction(_ verified: Credentials) throws -> User {
        try requireSignedOut()
        // The account may have been removed or given another password since it was verified.
        guard let now = try users.credentials(forKey: verified.key), now.user.id == verified.user.id,
            now.passwordHash == verified.passwordHash
        else { throw ClubhouseError.wrongCredentials }
        try sessions.start(for: verified.user.id)
        return verified.user
    }

    /// Starts a session for an account created in the same transaction: nothing to verify.
    package func registered(_ user: User) throws -> User {
        try requireSignedOut()
        try sessions.start(for: user.id)
        return user
    }

    private func requireSignedOut() throws {
        if let current = try sessions.activeUser() {
            throw ClubhouseError.alreadySignedIn(username: current.username)
        }
    }
}

/// What `SignIn.candidate` read: the account and its stored hash, or nothing.
package struct SignInCandidate: Sendable {
    package let account: (user: User, passwordHash: String)?
    /// The username key the account was found by.
    let key: String
}

/// An account whose password was verified, and the hash it was verified against.
package struct Credentials: Sendable {
    package let user: User
    let key: String
    let passwordHash: String

    /// Verifies `password`: the slow part, done outside any transaction. An unknown user costs
    /// one verification against a decoy, so timing does not tell which usernames exist.
    package init(_ candidate: SignInCandidate, password: String, hasher: any PasswordHasher) throws {
        guard let account = candidate.account else {
            _ = hasher.verify(password, against: hasher.decoyHash)
            throw ClubhouseError.wrongCredentials
        }
        // A tampered hash matches nothing; say so instead of "wrong password" forever.
        guard hasher.isWellFormed(account.passwordHash) else {
            throw ClubhouseError.unreadableRecord(
                what: "the password of \(account.user.username)",
                reason: "the stored hash is malformed or its cost is out of bounds")
        }
        guard hasher.verify(password, against: account.passwordHash) else { throw ClubhouseError.wrongCredentials }
        self.user = account.user
        self.key = candidate.key
        self.passwordHash = account.passwordHash
    }
}
