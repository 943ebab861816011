/// The device's sign-in: at most one session is active at a time.
package protocol SessionRepository {
    /// The user of the active session, if someone is signed in.
    func activeUser() throws -> User?
    /// The active session's number (each sign-in on the device a new, larger one), if any.
    func activeSessionID() throws -> Int64?
    func start(for userID: User.ID) throws
    /// Ends the active session, if any.
    func endActive() throws
}
