import Clubhouse

/// Everything one frame shows: where the user is and what the screen holds (from the library's
/// outcome), the rows of a list that are in view, and what is only on this terminal (an overlay,
/// the text of a command line, a message). Drawing is a pure function of this and a size.
public struct Display: Equatable, Sendable {
    public var screen: ScreenKind
    /// The signed-in user and their navigation state; nil on the login screens.
    public var user: User?
    public var state: NavigationState?
    public var content: ScreenContent?
    /// The list in view (players, books, questions, gathers, a page's items, a detail's fields).
    public var list: ListWindow?
    /// The focused field of a form or of the login screen.
    public var focus: Int = 0
    /// Text typed into a form's fields that they refuse as it stands, shown instead of the draft.
    public var unsaved: [String: String] = [:]
    public var login = LoginFields()
    public var overlay: Overlay?
    public var message: Message?
    /// The wall clock, for the gather's countdown.
    public var now: Milliseconds = 0
    /// The search on show (searchResults), as typed.
    public var searchQuery: String?

    public init(screen: ScreenKind) {
        self.screen = screen
    }

    public enum Overlay: Equatable, Sendable {
        case help
        case commandLine(String)
        case search(String)
        case confirm(String)
        case warnings([String])

        public var kind: OverlayKind {
            switch self {
            case .help: .help
            case .commandLine: .commandLine
            case .search: .search
            case .confirm: .confirm
            case .warnings: .warnings
            }
        }
    }

    public enum Message: Equatable, Sendable {
        case error(String)
        case note(String)
    }
}

/// The login screen's fields: the username as typed, and only the length of the password, which
/// is never drawn nor kept anywhere but the session's memory until it is sent.
public struct LoginFields: Equatable, Sendable {
    public var username = ""
    public var passwordLength = 0

    public init() {}
}

/// The rows of a list that are in view: `rows` start at `top` of `total`; `selected` is the
/// selected row's position in the whole list.
public struct ListWindow: Equatable, Sendable {
    public var total: Int
    public var top: Int
    public var selected: Int
    public var rows: [Row]

    public init(total: Int, top: Int, selected: Int, rows: [Row]) {
        self.total = total
        self.top = top
        self.selected = selected
        self.rows = rows
    }

    public enum Row: Equatable, Sendable {
        case player(Player)
        case book(Book)
        case question(Question)
        case gather(GatherViewModel)
        /// A labelled value (a player's field, a menu entry), with the team picker's team.
        case field(label: String, value: String)
        case pick(Player, team: Team?)
    }
}
