import ClubhouseDomain
import ClubhouseNavigation

/// What a command asks for: a link to open, then at most one action on the screen it lands on.
/// `player add --name Zoë` is `players/new` plus `.submit([name: Zoë])`; where that leads is for
/// the coordinators to decide.
public struct Command {
    public var link: Link?
    public var action: Action
    /// Signed out, the link is kept for the next sign-in instead of failing (`clubhouse open`).
    public var keepsLinkWhenSignedOut = false
    /// Acts only while this user is signed in and this screen is on show: a prompt that answers
    /// field after field must never type into a form another command put in its place.
    public var expecting: ScreenExpectation?
    /// A window of the list the command lands on, read in the command's own transaction: a
    /// front end that shows a screenful of a long list gets it with the move, the tab or the
    /// back that led there, without a second transaction (``Outcome/window``).
    public var window: WindowRequest?

    public init(
        link: Link? = nil, _ action: Action = .none, expecting: ScreenExpectation? = nil, window: WindowRequest? = nil
    ) {
        self.link = link
        self.action = action
        self.expecting = expecting
        self.window = window
    }

    public static func open(_ link: Link) -> Command { Command(link: link) }

    /// `clubhouse open`: a link that, signed out, waits for the next sign-in.
    public static func deepLink(_ link: Link) -> Command {
        var command = Command(link: link)
        command.keepsLinkWhenSignedOut = true
        return command
    }
}

/// Who must be signed in and what must be on show for a command to act (see `Command.expecting`).
public struct ScreenExpectation: Equatable, Sendable {
    public let user: User.ID
    public let screen: Screen
    /// For a form, its draft as this command last left it: the same form ended and opened again
    /// by another command (back, then add), or typed into by another, is not this command's form.
    public var draft: FormDraft?

    public init(user: User.ID, screen: Screen, draft: FormDraft? = nil) {
        self.user = user
        self.screen = screen
        self.draft = draft
    }
}

public enum Action {
    case none
    case selectTab(Tab)
    /// Turns the home page view by `by` pages (selecting the home tab); never past either end.
    case turnPage(by: Int)
    case back
    /// Types fields into the form on screen, each checked before it enters the draft (the CLI's
    /// `type`, its prompts and options).
    case fill([(name: String, text: String)])
    /// Saves fields into the form on screen as they stand while they are being typed, unchecked
    /// (an age of `1` on the way to `12`), and puts the cursor in the last one: a full-screen
    /// front end's keystroke. Only the field's name and its length
    /// (``/ClubhouseDomain/FormDraft/longestField``) are checked; the form checks everything when
    /// it is submitted.
    case typing([(name: String, text: String)])
    /// Puts the cursor of the form on screen in the field with this name; saved with the screen,
    /// not journaled.
    case focus(String)
    /// Types fields (over the draft, or over an empty form when discarding it), then saves the form.
    case submit([(name: String, text: String)], discardingDraft: Bool)
    case discardDraft
    /// Creates an account; with `signingIn`, the new account is signed in in the same
    /// transaction, as the app's sign-up lands in the signed-in app (its password was just hashed:
    /// it is not checked a second time). `landing` is the tab its sign-ins land on, chosen before
    /// there is an account to choose it in; the sign-in that registering is lands there too.
    case register(username: String, password: String, signingIn: Bool = false, landing: Tab? = nil)
    case signIn(username: String, password: String)
    case signOut
    case undo
    case reopen
    /// Makes `state` this scene's navigation (another device's, for `clubhouse continue`),
    /// restored as a stored state is: a screen whose record is missing here is cut, with a
    /// warning. Journaled as any navigation, so undo goes back.
    case adopt(NavigationState)
    /// Reads the journal; changes nothing.
    case history(limit: Int)
    /// Searches the shelf; changes nothing.
    case searchBooks(String)
    /// Deletes the player on screen (`players/<id>`).
    case deletePlayer
    /// Opens a screen over the one on top, where it leads there (a book of the question on screen).
    case show(Screen)
    /// Opens `screen` from the home page that lists it, at that page's root: turns to the page
    /// (selecting the home tab) and shows the screen over it (`home --player`, a screen closed
    /// there and reopened).
    case showOnPage(HomePage, Screen)
    /// Moves the selected row of the list on show (players, the team picker, gather history, the
    /// library or its search, questions); saved with the screen, not journaled (undo moves
    /// between screens, as it leaves drafts alone).
    case moveSelection(SelectionMove)
    /// Shows the books found by a search in the library, or the whole shelf again (nil or empty),
    /// selecting the first row. Saved with the library screen, not journaled.
    case search(String?)
    /// Marks players on the players list (the seed app's selection mode), wherever the user is:
    /// the marks are the list's. Each id must be one of the user's players. Saved with the list,
    /// not journaled, as a selection is.
    case mark([Player.ID])
    /// Unmarks players on the players list (nil: every one); an id that is not marked is refused.
    case unmark([Player.ID]?)
    /// Opens the team picker (`players > players/confirm`) with the marked players as the ones to
    /// split into teams (its bench holds them); with nothing marked, refused.
    case confirmMarked
    /// Takes the book on screen (`books/<isbn>`) off the shelf.
    case removeBook
    /// Deletes the question on screen (`questions/<id>`); its books stay.
    case deleteQuestion
    /// Deletes the ended gather on screen (`gathers/<id>` in the profile tab) from history.
    case deleteGather
    /// Opens the gather in progress wherever the user is, then acts on it.
    case gather(GatherAction)
    /// Saves the valid rows of a CSV file on the user's shelf as they are read, in one
    /// transaction; where the user is stays as it is (an import changes data only).
    /// `progress(bytesRead)` is called as rows are saved.
    case importBooks(BookCSVReader, progress: ((_ bytesRead: Int) -> Void)?)
    /// Reads the signed-in user's settings on this device; changes nothing.
    case settings
    /// Makes `tab` where every sign-in of the signed-in user lands (home unless chosen). Where
    /// the user is stays as it is.
    case landOn(Tab)
}

public enum GatherAction: Equatable, Sendable {
    /// Only opens it (read only under `look`: the countdown at this instant).
    case show
    case play(GatherChange)
    /// Ends it with its winner, kept in history.
    case end
    /// Discards it; nothing is kept.
    case cancel
}

/// What an action produced, beside where it landed.
public enum ActionResult: Equatable, Sendable {
    case none
    /// What the form saved, and the draft's fields it used beside those typed by this command.
    case form(FormResult, resumed: [String])
    case registered(User)
    case signedIn(User, openedLink: String?)
    case signedOut(User)
    /// A link opened while signed out, kept for the next sign-in.
    case linkKept(String)
    case undone(JournalEntry)
    case reopened(String)
    case history([JournalEntry])
    /// Books on the shelf that matched a search, best first.
    case foundBooks([Book])
    case playerDeleted(Player)
    case bookRemoved(Book)
    case questionDeleted(Question)
    /// The gather in progress after the action, at the action's instant.
    case gather(GatherViewModel)
    case gatherEnded(GatherViewModel)
    case gatherCancelled(Gather)
    case gatherDeleted(Gather)
    case booksImported(BookImportSummary)
    /// The signed-in user's settings, as read or as just changed.
    case settings(UserSettings)
}

/// Where a command landed and what it produced. Built inside the action's transaction, so the
/// screen's content is read in the same snapshot of the data as the action.
public struct Outcome: Equatable, Sendable {
    public enum View: Equatable, Sendable {
        case login(Screen)
        case main(user: User, state: NavigationState, content: ScreenContent)
    }

    public var view: View
    public var result: ActionResult
    /// Cuts made while restoring, and anything else the user should be told.
    public var warnings: [String]
    /// What the command left as it was, and why, in a sentence each ("Team B has no goal to take
    /// back…"): no fault, only news, as a `note:` line or the app's message line.
    public var notes: [String]
    /// The signed-in user's navigation state before the command, as stored (nil: none was, or
    /// nobody is signed in). Equal to the state now when the command moved nothing.
    public var before: NavigationState?
    /// The window a ``Command/window`` asked for, when the command landed on a long list (the
    /// players, the team picker, the shelf or its search, questions, gathers); nil elsewhere.
    public var window: ListWindowContent?

    public init(
        view: View, result: ActionResult, warnings: [String], before: NavigationState? = nil,
        window: ListWindowContent? = nil, notes: [String] = []
    ) {
        self.view = view
        self.result = result
        self.warnings = warnings
        self.notes = notes
        self.before = before
        self.window = window
    }

    /// The settings a ``Action/settings`` or ``Action/landOn(_:)`` read or left.
    public var settings: UserSettings? {
        if case .settings(let settings) = result { return settings }
        return nil
    }

    /// Whether the command changed where the signed-in user is.
    public var moved: Bool {
        guard case .main(_, let state, _) = view else { return false }
        return before != state
    }
}
