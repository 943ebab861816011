import Clubhouse
import Foundation

/// The app on a terminal, between the keys and the library: it turns each key into a command
/// (`KeyMap`), carries it out through the one road (`ClubhouseApp.perform` and its shortcuts,
/// one transaction each), reads the rows of the list in view, and hands the drawing a `Display`.
/// It holds nothing that must outlive the process except what the library stores: the screen,
/// the drafts (every character typed into a form is saved as it is typed). Passwords are kept
/// only here, only until they are sent.
public final class TerminalSession {
    let app: ClubhouseApp
    public internal(set) var outcome: Outcome
    public internal(set) var layout: Layout
    let clock: () -> Milliseconds

    /// The first row in view of each short list, by place: where the view is scrolled, which only
    /// this terminal needs (the selected row itself is stored).
    var shortListTops: [String: Int] = [:]
    var login = LoginFields()
    var password = ""
    var loginFocus = 0
    var registering = false
    var overlay: Display.Overlay?
    /// What `y` does while a question is on show.
    var confirmedAction: (() throws -> Outcome)?
    var message: Display.Message?
    /// The list in view, read again only when its rows change (a move inside it reads nothing).
    var window: VisibleRows?
    /// Where the selected row of each stored list was on screen (its index among the rows in
    /// view), by place: the next window keeps the row in place.
    var selectedRowOnScreen: [String: Int] = [:]
    /// The rows the last move asked for (`.by(n)`), taken by the next window read.
    var rowsLastMoved = 0
    /// How many players the signed-in user has, counted once per data change.
    var playerCount: Int?
    /// Set when another process changed what is on show while a form is typed into.
    var changedElsewhere = false
    /// `:quit` typed on the command line.
    var pendingQuit = false
    /// What the background work (live sync) last said, shown in the title bar.
    public var status: TitleStatus?
    /// Called before slow work (scrypt takes a second) so that the terminal shows it is under way.
    public var flush: (() -> Void)?

    public init(app: ClubhouseApp, layout: Layout, clock: @escaping () -> Milliseconds = TerminalSession.wallClock)
        throws
    {
        self.app = app
        self.layout = layout
        self.clock = clock
        outcome = try app.look()
        if !outcome.warnings.isEmpty { overlay = .warnings(outcome.warnings) }
        reloadList()
    }

    public static func wallClock() -> Milliseconds {
        Milliseconds(Date().timeIntervalSince1970 * 1000)
    }

    // MARK: What is on show

    public var screen: ScreenKind {
        switch outcome.view {
        case .login: return registering ? .register : .login
        case .main(_, _, let content):
            switch content {
            case .home, .notBuilt, .login: return .home
            case .playerList: return .players
            case .playerDetail: return .playerDetail
            case .form: return .form
            case .confirmPlayers: return .teamPicker
            case .gather(let model): return model.gather.isInProgress ? .gather : .endedGather
            case .gatherList: return .gathers
            case .profile: return .profile
            case .bookList: return state?.currentScreen.query == nil ? .library : .searchResults
            case .bookDetail: return .bookDetail
            case .questionList: return .questions
            case .questionDetail: return .questionDetail
            }
        }
    }

    var user: User? {
        if case .main(let user, _, _) = outcome.view { return user }
        return nil
    }

    var state: NavigationState? {
        if case .main(_, let state, _) = outcome.view { return state }
        return nil
    }

    var content: ScreenContent? {
        if case .main(_, _, let content) = outcome.view { return content }
        return nil
    }

    /// Where the list on show is, as the selection knows it.
    var place: String {
        guard let state else { return "login" }
        return Self.place(state)
    }

    static func place(_ state: NavigationState) -> String {
        state.currentPlace + (state.currentScreen.query.map { "?" + $0 } ?? "")
    }

    public var display: Display {
        var display = Display(screen: screen)
        display.user = user
        display.state = state
        if app.scene != .main { display.scene = app.scene.description }
        display.content = content
        display.list = window
        display.login = login
        display.overlay = overlay
        display.message = message
        display.now = clock()
        display.searchQuery = state?.currentScreen.query
        display.status = status
        switch screen {
        case .login, .register: display.focus = loginFocus
        case .form:
            if case .form(let model)? = content { display.focus = focus(in: model) }
        default: break
        }
        return display
    }

    public func frame() -> Frame {
        ScreenDrawing.frame(display, width: layout.width, height: layout.height)
    }

    /// Whether the frame changes as time passes (a running countdown): redrawn each second.
    public var isTicking: Bool {
        if case .gather(let model)? = content, model.gather.isInProgress { return true }
        return false
    }

    public func resize(_ layout: Layout) {
        self.layout = layout
        reloadList()
    }

    // MARK: Keys

    public enum Step: Equatable {
        case stay
        /// Draw the whole screen again, not only what changed (Ctrl-L, a resize).
        case redrawAll
        case quit(interrupted: Bool)
    }

    public func handle(_ key: Key) -> Step {
        if layout.isTooSmall {
            switch key {
            case .character("q"), .control("c"), .control("q"): return .quit(interrupted: key == .control("c"))
            default: return .stay
            }
        }
        let command = KeyMap.command(for: key, on: screen, overlay: overlay?.kind)
        // A key with nothing to do here says so, instead of doing nothing unseen.
        if command == .none, overlay == nil, case .character(let character) = key,
            ![.login, .register, .form].contains(screen)
        {
            // Escaped where it is drawn, as every message is.
            let name = character == " " ? "Space" : String(character)
            message = .note("\(name) does nothing here; ? lists this screen's keys")
            return .stay
        }
        return apply(command)
    }

    // MARK: Others' changes

    /// Another process (or terminal) committed: what it changed is read now, after every key
    /// already handled, and shown at once, unless a form is being typed into, which is never
    /// overwritten; then the user is told. (An outcome read on the observing thread could be
    /// older than the user's last key, and showing it would undo that key on screen.)
    public func othersChanged() throws {
        let new = try app.look()
        playerCount = nil
        if typing {
            if new != outcome {
                changedElsewhere = true
                message = .note("changed in another terminal or process; Ctrl-L shows it")
            }
            return
        }
        outcome = new
        if case .add? = overlay, user == nil { overlay = nil }  // signed out elsewhere: nothing to add with
        if !new.warnings.isEmpty { overlay = .warnings(new.warnings) }
        reloadList()
    }

    /// Whether text is being typed: a form or the login screen on show, or a command line open.
    var typing: Bool {
        switch screen {
        case .form, .login, .register: return true
        default:
            if case .commandLine? = overlay { return true }
            if case .search? = overlay { return true }
            return false
        }
    }

    // MARK: The one road

    /// Performs through the library, showing where it landed; an error becomes the message.
    @discardableResult
    func run(changesData: Bool = false, _ work: () throws -> Outcome) -> Bool {
        do {
            let new = try work()
            land(new, changesData: changesData)
            return true
        } catch {
            message = .error(Self.describe(error))
            return false
        }
    }

    func land(_ new: Outcome, changesData: Bool) {
        if changesData { playerCount = nil }
        outcome = new
        changedElsewhere = false
        if case .add? = overlay, user == nil { overlay = nil }  // signed out: no flow to add with
        // What was said about the screen left behind (a form's refusal) does not follow to the
        // next one; a move within the screen (a field, a row) keeps it.
        if Self.place(of: new.view) != Self.place(before: new) { message = nil }
        if !new.warnings.isEmpty { overlay = .warnings(new.warnings) }
        if let note = new.notes.first ?? Self.note(new.result) { message = .note(note) }
        reloadList(landed: new.window)
    }

    /// Where a view is: the screen on show (with its tab and modal), or the login flow.
    static func place(of view: Outcome.View) -> String? {
        guard case .main(_, let state, _) = view else { return nil }
        return state.currentPlace
    }

    private static func place(before outcome: Outcome) -> String? { outcome.before?.currentPlace }

    static func describe(_ error: any Error) -> String {
        if let error = error as? ClubhouseError { return error.message }
        if let error = error as? StorageError { return error.message }
        return String(describing: error)
    }

    /// "gather ended 2-1: Team A won", as the CLI's `gather end` names the winner.
    private static func ended(_ gather: Gather) -> String {
        let winner = gather.ending?.winner ?? Winner.none
        return "gather ended \(gather.score.text): " + (winner == Winner.none ? "a draw" : "\(winner.rawValue) won")
    }

    static func note(_ result: ActionResult) -> String? {
        switch result {
        case .form(.playerAdded(let player), _): "added player #\(player.id)"
        case .form(.playerUpdated(let player), _): "saved player #\(player.id)"
        case .form(.gatherStarted(let gather), _): "gather #\(gather.id) started"
        case .form(.bookSaved(let save), _): "saved \(save.book.title)"
        case .form(.questionAsked(let question), _): "asked question #\(question.id)"
        case .registered(let user): "created \(user.username)"
        case .signedIn(let user, let link?): "signed in as \(user.username); opened \(link)"
        case .signedIn(let user, nil): "signed in as \(user.username)"
        case .signedOut(let user): "signed out \(user.username)"
        case .undone(let entry): "undone: \(entry.kind.rawValue)"
        case .reopened(let path): "reopened \(path)"
        case .playerDeleted(let player): "deleted player #\(player.id)"
        case .bookRemoved(let book): "took \(book.title) off the shelf"
        case .questionDeleted(let question): "deleted question #\(question.id)"
        case .gatherEnded(let model): ended(model.gather)
        case .gatherCancelled: "gather cancelled"
        case .gatherDeleted(let gather): "deleted gather #\(gather.id)"
        case .settings(let settings): "sign-in now lands on \(settings.landing.rawValue)"
        case .none, .linkKept, .history, .foundBooks, .gather, .booksImported: nil
        }
    }
}
