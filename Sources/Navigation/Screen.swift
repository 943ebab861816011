import ClubhouseDomain

/// Every screen of the app. `path` and `init?(path:)` are the one spelling used by the stored
/// stacks, `clubhouse nav`, deep links and tests; they round-trip exactly.
public enum Screen: Hashable, Sendable {
    case login
    case register
    case home
    case players
    case newPlayer
    case player(Player.ID)
    case editPlayer(Player.ID, field: PlayerField)
    case confirmPlayers
    case gathers
    case gather(Int64)
    case library
    case book(isbn: String)
    case questions
    case question(Int64)
    case profile
    case newBook
    case newQuestion

    /// The fields of a player that have an edit screen.
    public typealias PlayerField = ClubhouseDomain.PlayerField

    public var path: String {
        switch self {
        case .login: "login"
        case .register: "login/register"
        case .home: "home"
        case .players: "players"
        case .newPlayer: "players/new"
        case .player(let id): "players/\(id)"
        case .editPlayer(let id, let field): "players/\(id)/edit/\(field.rawValue)"
        case .confirmPlayers: "players/confirm"
        case .gathers: "gathers"
        case .gather(let id): "gathers/\(id)"
        case .library: "library"
        case .book(let isbn): "books/\(isbn)"
        case .questions: "questions"
        case .question(let id): "questions/\(id)"
        case .profile: "profile"
        case .newBook: "books/new"
        case .newQuestion: "questions/new"
        }
    }

    public init?(path: String) {
        // Paths are short; a long one is not worth splitting, whoever stored it.
        guard path.utf8.count <= 64 else { return nil }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        switch parts.count {
        case 1:
            switch parts[0] {
            case "login": self = .login
            case "home": self = .home
            case "players": self = .players
            case "gathers": self = .gathers
            case "library": self = .library
            case "questions": self = .questions
            case "profile": self = .profile
            default: return nil
            }
        case 2:
            switch (parts[0], parts[1]) {
            case ("login", "register"): self = .register
            case ("players", "new"): self = .newPlayer
            case ("players", "confirm"): self = .confirmPlayers
            case ("books", "new"): self = .newBook
            case ("questions", "new"): self = .newQuestion
            case ("players", let id):
                guard let id = Self.id(id) else { return nil }
                self = .player(id)
            case ("gathers", let id):
                guard let id = Self.id(id) else { return nil }
                self = .gather(id)
            case ("questions", let id):
                guard let id = Self.id(id) else { return nil }
                self = .question(id)
            case ("books", let isbn):
                guard Self.isISBN(isbn) else { return nil }
                self = .book(isbn: isbn)
            default: return nil
            }
        case 4:
            guard parts[0] == "players", parts[2] == "edit", let id = Self.id(parts[1]),
                let field = PlayerField(rawValue: parts[3])
            else { return nil }
            self = .editPlayer(id, field: field)
        default:
            return nil
        }
    }

    /// Positive decimal ids without sign or leading zeros, so that printing gives the same text back.
    private static func id(_ text: String) -> Int64? {
        guard let first = text.first, first != "0", text.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return nil
        }
        return Int64(text)
    }

    /// ISBN-10 (last character may be X, typed as x too) or ISBN-13, digits only.
    private static func isISBN(_ text: String) -> Bool {
        let digits = text.dropLast()
        guard let last = text.last, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        switch text.count {
        case 10: return last == "X" || last == "x" || (last.isASCII && last.isNumber)
        case 13: return last.isASCII && last.isNumber
        default: return false
        }
    }
}

extension Screen: CustomStringConvertible {
    public var description: String { path }
}

extension Tab {
    /// The screen at the bottom of this tab's stack.
    public var rootScreen: Screen {
        switch self {
        case .home: .home
        case .players: .players
        case .library: .library
        case .questions: .questions
        case .profile: .profile
        }
    }
}
