/// Who is signed in on this device, if anyone.
package struct CurrentSession {
    private let sessions: any SessionRepository

    package init(sessions: any SessionRepository) {
        self.sessions = sessions
    }

    package func callAsFunction() throws -> User? {
        try sessions.activeUser()
    }
}
