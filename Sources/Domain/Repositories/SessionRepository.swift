/// The device's sign-in: at most one session is active at a time.
package protocol SessionRepository {
    /// The user of the active session, if someone is signed in.
    func activeUser() throws -> User?
    func start(for userID: User.ID) throws
    /// Ends the active session, if any.
    func endActive() throws
}
