extension ClubhouseApp {
    /// The account `username` names when `password` is its password, checked as a sign-in checks
    /// it (about a second of hashing, no lock held meanwhile); throws
    /// ``/ClubhouseDomain/ClubhouseError/wrongCredentials`` otherwise. Nothing is written and
    /// nobody is signed in or out: a front end that lets another program (a browser) open the
    /// signed-in user's screens asks it for the password first.
    public func checkPassword(username: String, password: String) throws -> User {
        try Self.mapping { try tree.checkPassword(username: username, password: password) }
    }

    /// The signed-in user and the number of their sign-in on this device, which each sign-in
    /// makes anew (and larger): a front end that keeps its own sessions (a browser's cookie)
    /// binds them to it, so that signing out, here or in any other program, ends them too.
    public func signedInSession() throws -> (user: User, session: Int64)? {
        try Self.mapping { try tree.signedInSession() }
    }
}
