/// The failures a user can cause or meet. Each has one sentence for the `error:` line.
public enum ClubhouseError: Error, Equatable, Sendable {
    case notSignedIn
    case alreadySignedIn(username: String)
    /// Unknown user and wrong password are deliberately the same error.
    case wrongCredentials
    case usernameTaken(String)
    /// A name that looks like a registered one (`Username.skeleton(for:)`): `аna` beside `ana`.
    case usernameLookalike(String)
    case invalidInput(String)
    case playerNotFound(Player.ID)
    case gatherNotFound(Gather.ID)
    case bookNotFound(ISBN)
    case questionNotFound(Question.ID)
    case noGatherInProgress
    /// Asked to cancel a gather that has already ended (it is history now).
    case gatherEnded(Gather.ID)
    /// Asked to delete from history a gather that is still being played.
    case gatherStillInProgress(Gather.ID)
    /// A stored record the schema allows but this version cannot make sense of (a tampered file).
    case unreadableRecord(what: String, reason: String)
    /// Only one gather runs at a time.
    case gatherInProgress(Gather.ID, startedAt: String)
    case nothingChanged
    case nothingToUndo
    /// `gone`: the most recently closed screen that could not be reopened and why, if any.
    case nothingToReopen(gone: String?)
    /// A link or screen that cannot be shown; `reason` says why, `deepest` is the deepest screen
    /// of it that exists.
    case unresolvedLink(reason: String, deepest: String?)
    /// An action that needs a screen other than the one shown (submitting with no form open).
    case notOnScreen(String)
    /// A use of the library it does not allow: calling an app back from inside one of its own
    /// calls, or keeping rows past the read that handed them out.
    case misuse(String)
    /// A scene the signed-in user has no saved state for (`clubhouse scene close`).
    case noScene(SceneName)

    public var message: String {
        switch self {
        case .notSignedIn: "not signed in"
        case .alreadySignedIn(let username): "already signed in as \(username); log out first"
        case .wrongCredentials: "wrong username or password"
        case .usernameTaken(let name): "the username '\(name)' is taken"
        case .usernameLookalike(let name):
            "the username '\(name)' looks like one that is taken (letters that look the same, or accents apart); choose another"
        case .invalidInput(let reason): reason
        case .playerNotFound(let id): "no player \(id)"
        case .gatherNotFound(let id): "no gather \(id)"
        case .bookNotFound(let isbn): "no book \(isbn)"
        case .questionNotFound(let id): "no question \(id)"
        case .unreadableRecord(let what, let reason): "\(what) in the database cannot be read (\(reason))"
        case .noGatherInProgress: "no gather is in progress"
        case .gatherEnded(let id): "gather \(id) has ended"
        case .gatherStillInProgress(let id): "gather \(id) is in progress"
        case .gatherInProgress(let id, let startedAt):
            "gather \(id) (started \(startedAt)) is in progress; end or cancel it first"
        case .nothingChanged: "nothing changed"
        case .nothingToUndo: "there is no navigation change to undo"
        case .nothingToReopen(nil): "there is no closed screen to reopen"
        case .nothingToReopen(let gone?): "there is no closed screen left to reopen (\(gone))"
        case .unresolvedLink(let reason, let deepest?):
            "\(reason); \(deepest) is the deepest screen of that link that exists"
        case .unresolvedLink(let reason, nil): reason
        case .notOnScreen(let what): what
        case .misuse(let what): what
        case .noScene(let name): "no scene '\(name)' is saved for the signed-in user"
        }
    }
}

extension ClubhouseError {
    /// What a face says of an error the library threw: a refusal's or a storage failure's own
    /// message, else the error as Swift describes it.
    public static func message(of error: any Error) -> String {
        if let error = error as? ClubhouseError { return error.message }
        if let error = error as? StorageError { return error.message }
        return String(describing: error)
    }
}
