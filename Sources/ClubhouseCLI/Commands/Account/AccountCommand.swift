import Clubhouse

enum AccountCommand {
    /// Says "already signed in" before a password prompt rather than after it.
    static func requireSignedOut(_ global: GlobalOptions) throws {
        if case .main(let user, _, _) = try CommandContext.look(global).view {
            throw ClubhouseError.alreadySignedIn(username: user.username)
        }
    }
}
