import Clubhouse

/// Everything one frame shows: where the user is and what the screen holds (from the library's
/// outcome), the rows of a list that are in view, and what is only on this terminal (an overlay,
/// the text of a command line, a message). Drawing is a pure function of this and a size.
public struct Display: Equatable, Sendable {
    public var screen: ScreenKind
    /// The signed-in user and their navigation state; nil on the login screens.
    public var user: User?
    public var state: NavigationState?
    /// The scene the app runs on, when it is not `main`.
    public var scene: String?
    public var content: ScreenContent?
    /// The list in view (players, books, questions, gathers, a page's items, a detail's fields).
    public var list: VisibleRows?
    /// The focused field of a form or of the login screen.
    public var focus: Int = 0
    public var login = LoginFields()
    public var overlay: Overlay?
    public var message: Message?
    /// The wall clock, for the gather's countdown.
    public var now: Milliseconds = 0
    /// The search on show (searchResults), as typed.
    public var searchQuery: String?
    /// What the background work (live sync) last said, for the title bar.
    public var status: TitleStatus?

    public init(screen: ScreenKind) {
        self.screen = screen
    }

    public enum Overlay: Equatable, Sendable {
        case help
        case commandLine(String)
        case search(String)
        case confirm(String)
        case warnings([String])
        /// The add chooser, with the flow Enter would open.
        case add(AddFlow)
        /// A refusal, as an alert: a title and what was refused; Enter or Esc dismisses it.
        case alert(title: String, text: String)

        public var kind: OverlayKind {
            switch self {
            case .add: .add
            case .help: .help
            case .commandLine: .commandLine
            case .search: .search
            case .confirm: .confirm
            case .warnings: .warnings
            case .alert: .alert
            }
        }
    }

    /// A note on the message row (a refusal is an alert, `Overlay.alert`).
    public enum Message: Equatable, Sendable {
        case note(String)
    }
}

/// The login screen's fields: the username as typed, and only the length of the password, which
/// is never drawn nor kept anywhere but the session's memory until it is sent.
public struct LoginFields: Equatable, Sendable {
    public var username = ""
    public var passwordLength = 0
    /// The tab a registration's sign-ins land on (← → on the register screen).
    public var landing = Tab.home
    /// Whether a sign-in or a registration is on its way: the fields stay as they were sent.
    public var sending = false

    public init() {}
}

/// The rows of a list that are in view and which of them is selected. A list whose selection
/// is stored is read as a keyset window around it (`ClubhouseApp.readWindow`): then only whether
/// rows lie before and after is known, not the selected row's position in the whole list.
public struct VisibleRows: Equatable, Sendable {
    /// How many rows the list has, when known.
    public var total: Int?
    public var rows: [Row]
    public var selectedIndex: Int?
    public var hasBefore: Bool
    public var hasAfter: Bool
    /// The selected row's position in the whole list, when known.
    public var position: Int?

    public init(
        total: Int?, rows: [Row], selectedIndex: Int?, hasBefore: Bool = false, hasAfter: Bool = false,
        position: Int? = nil
    ) {
        self.total = total
        self.rows = rows
        self.selectedIndex = selectedIndex
        self.hasBefore = hasBefore
        self.hasAfter = hasAfter
        self.position = position
    }

    public enum Row: Equatable, Sendable {
        case player(Player)
        case book(Book)
        case question(Question)
        case gather(GatherViewModel)
        /// A labelled value (a player's field, a menu entry).
        case field(label: String, value: String)
        /// A player of the team picker, with the team the draft puts them in (nil: the bench).
        case pick(Player, team: Team?)
    }
}
