import ClubhouseDomain

/// A register or sign-in whose slow password work is done: hashed, or verified.
enum CheckedCredentials {
    case none
    case registration(Registration)
    case verified(Credentials)
}

extension AppCoordinator {
    /// The password work of a register or sign-in, done before `perform` takes the write lock:
    /// a short read transaction first fails what is bound to fail (someone signed in, a taken
    /// name) so nobody waits a second for nothing, then the hashing runs with no lock held.
    /// The write transaction checks again what may have changed in between.
    func checkCredentials(_ action: Action) throws -> CheckedCredentials {
        switch action {
        case .register(let rawUsername, let rawPassword, _, _):
            let username = try Username(rawUsername)
            let password = try Password(rawPassword)
            try store.read { repositories in
                let useCases = UseCases(repositories)
                if let user = try useCases.currentSession() {
                    throw ClubhouseError.alreadySignedIn(username: user.username)
                }
                try useCases.registerUser.checkAvailable(username)
            }
            return .registration(try Registration(username: username, password: password, hasher: hasher))
        case .signIn(let username, let password):
            let candidate = try store.read { try UseCases($0).signIn.candidate(username: username) }
            return .verified(try Credentials(candidate, password: password, hasher: hasher))
        default:
            return .none
        }
    }
}

extension AppCoordinator {
    /// The signed-in user and the number of their sign-in on this device.
    package func signedInSession() throws -> (user: User, session: Int64)? {
        try store.read { repositories in
            guard let user = try repositories.sessions.activeUser(),
                let session = try repositories.sessions.activeSessionID()
            else { return nil }
            return (user, session)
        }
    }

    /// Checks `password` for `username` as a sign-in would (an unknown name costs a decoy
    /// verification), in a read transaction and without the write lock: nothing is written and
    /// nobody is signed in or out.
    package func checkPassword(username: String, password: String) throws -> User {
        let candidate = try store.read { try UseCases($0).signIn.account(username: username) }
        return try Credentials(candidate, password: password, hasher: hasher).user
    }
}
