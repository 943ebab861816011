/// Who is signed in on this device, if anyone.
public struct CurrentSession {
    private let sessions: any SessionRepository

    public init(sessions: any SessionRepository) {
        self.sessions = sessions
    }

    public func callAsFunction() throws -> User? {
        try sessions.activeUser()
    }
}
