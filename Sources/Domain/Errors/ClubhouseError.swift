/// The failures a user can cause or meet. Each has one sentence for the `error:` line.
public enum ClubhouseError: Error, Equatable, Sendable {
    case notSignedIn
    case alreadySignedIn(username: String)
    /// Unknown user and wrong password are deliberately the same error.
    case wrongCredentials
    case usernameTaken(String)
    case invalidInput(String)
    case playerNotFound(Player.ID)

    public var message: String {
        switch self {
        case .notSignedIn: "not signed in"
        case .alreadySignedIn(let username): "already signed in as \(username); log out first"
        case .wrongCredentials: "wrong username or password"
        case .usernameTaken(let name): "the username '\(name)' is taken"
        case .invalidInput(let reason): reason
        case .playerNotFound(let id): "no player with id \(id)"
        }
    }
}
