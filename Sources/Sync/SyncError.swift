import Clubhouse

/// Why a sync, or setting up a remote, did not happen. Every case has a one-line `message` for
/// people; none ever holds the account's token. When any of these is thrown, nothing local was
/// lost: changes not yet sent stay queued.
public enum SyncError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The signed-in user has no remote: `clubhouse remote set` first.
    case noRemote
    /// A URL that is not `http://` or `https://` with a host.
    case invalidURL(String)
    /// An address holding a username or password (`https://name:secret@host`); it holds the
    /// address without them, as the message shows it.
    case addressWithCredentials(String)
    /// The server could not be reached (refused, timed out, no such host, cut off); `waiting`
    /// changes are still queued.
    case unreachable(url: String, reason: String, waiting: Int)
    /// The server could not be reached to sign in (`remote set`) or fetch a handoff.
    case cannotConnect(url: String, reason: String)
    /// The stored token no longer signs in (expired or revoked): run `remote set` again.
    case signedOut(url: String)
    /// The server refused the username and password.
    case wrongCredentials
    /// Too many wrong passwords for that username: wait before trying again.
    case tooManyAttempts
    /// Any other refusal, with the server's code and message.
    case refused(status: Int, code: String, message: String)
    /// An answer this version cannot read.
    case badResponse(String)
    /// No other device has pushed a navigation state for that scene.
    case noHandoff(scene: String)
    /// A device name the server would refuse (control characters, or not 1–100 characters).
    case invalidDeviceName(String)
    /// A change queued on this device cannot be read (the file was changed outside Clubhouse);
    /// it stays queued, and so does everything after it.
    case unreadableQueue(String)

    public var message: String {
        switch self {
        case .noRemote:
            "no server to sync with; set one with: clubhouse remote set URL --username NAME"
        case .invalidURL(let url):
            // Quoted in part: a message is one line for people, whatever was passed in.
            "'\(Self.quoted(url))' is not a server address; give one such as https://club.example.org"
        case .addressWithCredentials(let url):
            "a server address cannot hold a username or password ('\(Self.quoted(url))'); give the username with --username and the password when asked"
        case .unreachable(let url, let reason, let waiting):
            "could not sync with \(ServerAddress.shown(url)): \(reason); nothing was lost, \(Self.changes(waiting)) to be sent"
        case .cannotConnect(let url, let reason): "could not reach \(ServerAddress.shown(url)): \(reason)"
        case .signedOut(let url):
            "\(ServerAddress.shown(url)) no longer accepts this device's sign-in (expired or revoked); run clubhouse remote set again"
        case .wrongCredentials: "the server refused that username and password"
        case .tooManyAttempts: "too many wrong passwords for that username; wait a while and try again"
        case .refused(let status, let code, let message): "the server refused (\(status) \(code)): \(message)"
        case .badResponse(let what): "the server's answer could not be read: \(what)"
        case .noHandoff(let scene): "no other device has shared where it was in scene \(scene); sync on it first"
        case .invalidDeviceName(let reason): "the device name is refused: \(reason)"
        case .unreadableQueue(let what):
            "a change queued on this device cannot be read (\(what)); the file was changed outside clubhouse"
        }
    }

    public var description: String { message }

    /// An address as a message quotes it: without credentials, and cut short (a message is one
    /// line for people, whatever was passed in).
    static func quoted(_ url: String) -> String {
        let shown = ServerAddress.shown(url)
        return shown.count > 80 ? shown.prefix(80) + "…" : shown
    }

    static func changes(_ count: Int) -> String {
        count == 1 ? "1 change waits" : "\(count) changes wait"
    }
}
