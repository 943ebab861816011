import Clubhouse

/// Everything the terminal app knows between two keys, and its update step: a function of the
/// model and an event (a key, a resize, others' commit, a library call's result) that changes the
/// model and returns the effects for the driver to carry out (`TerminalEffect`). It calls
/// nothing: what is kept goes through the one road (`ClubhouseApp.perform`, one transaction
/// each) as an effect. It holds nothing that must outlive the process except what the library
/// stores: the screen, the drafts (every character typed into a form is saved as it is typed).
/// Passwords are kept only here, only until they are sent.
struct TerminalModel {
    var outcome: Outcome
    var layout: Layout
    /// The scene the app runs on, when it is not `main`.
    let scene: String?

    /// The first row in view of each short list, by place: where the view is scrolled, which only
    /// this terminal needs (the selected row itself is stored).
    var shortListTops: [String: Int] = [:]
    var login = LoginFields()
    var password = ""
    var loginFocus = 0
    var registering = false
    var overlay: Display.Overlay?
    /// What `y` does while a question is on show.
    var confirmed: TerminalEffect?
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
    /// `:quit` typed on the command line.
    var pendingQuit = false
    /// What the background work (live sync) last said, shown in the title bar.
    var status: TitleStatus?
    /// The wall clock when the event being handled happened (a timer starts or pauses then).
    var now: Milliseconds = 0
    /// The effects the event being handled asks for, in order.
    private var outbox: [TerminalEffect] = []

    /// The model of an app that stands where `outcome` says; the first update reads its list.
    init(outcome: Outcome, layout: Layout, scene: String?) {
        self.outcome = outcome
        self.layout = layout
        self.scene = scene
        if !outcome.warnings.isEmpty { overlay = .warnings(outcome.warnings) }
    }

    // MARK: The update step

    /// What happened, as the update step takes it.
    enum Event {
        /// The app has just started: the list on show is read.
        case started
        case key(Key)
        /// A command as the keys ask for it (`KeyMap`); `key` maps a key to one.
        case command(UICommand)
        case resized(Layout)
        /// Another process committed; `Outcome` is what the library now shows.
        case othersChanged(Outcome)
        case result(TerminalResult)
    }

    struct Update {
        var step: Step = .stay
        var effects: [TerminalEffect] = []
    }

    /// The update step: the model changed by `event`, and what the driver is to do next.
    mutating func update(_ event: Event) -> Update {
        var step = Step.stay
        switch event {
        case .started: reloadList()
        case .key(let key): step = handle(key)
        case .command(let command): step = apply(command)
        case .resized(let layout):
            self.layout = layout
            reloadList()
        case .othersChanged(let new): othersChanged(new)
        case .result(let result): take(result)
        }
        defer { outbox = [] }
        return Update(step: step, effects: outbox)
    }

    /// Asks the driver for `effect` once this event is handled.
    mutating func run(_ effect: TerminalEffect) {
        outbox.append(effect)
    }

    /// Asks for `call`, landing as `landing` says.
    mutating func run(_ call: LibraryCall, then landing: AfterCall = .land(changesData: false)) {
        run(.call(call, then: landing))
    }

    // MARK: What is on show

    var screen: ScreenKind {
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

    /// What a frame drawn at `now` shows.
    func display(now: Milliseconds) -> Display {
        var display = Display(screen: screen)
        display.user = user
        display.state = state
        display.scene = scene
        display.content = content
        display.list = window
        display.login = login
        display.overlay = overlay
        display.message = message
        display.now = now
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

    /// Whether the frame changes as time passes (a running countdown): redrawn each second.
    var isTicking: Bool {
        if case .gather(let model)? = content, model.gather.isInProgress { return true }
        return false
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

    // MARK: Keys

    typealias Step = TerminalStep

    /// Whether `key` types itself into what is on show (a form's field, the login's, the command
    /// line or the search), so that a run of such keys may be inserted at once.
    func typesText(_ key: Key) -> Bool {
        guard !layout.isTooSmall, case .character(let character) = key else { return false }
        return KeyMap.command(for: key, on: screen, overlay: overlay?.kind) == .insert(String(character))
    }

    private mutating func handle(_ key: Key) -> Step {
        if layout.isTooSmall {
            switch key {
            case .character("q"), .control("c"), .control("q"): return .quit(interrupted: key == .control("c"))
            default: return .stay
            }
        }
        let command = KeyMap.command(for: key, on: screen, overlay: overlay?.kind)
        if command == .none, overlay == nil, case .paste = key {
            message = .note("nothing on this screen takes text; the paste was left out")
            return .stay
        }
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

    /// Another process (or terminal) committed: what it changed is shown at once, unless a form
    /// is being typed into, which is never overwritten; then the user is told. (The driver reads
    /// `new` after every key already handled: an outcome read on the observing thread could be
    /// older than the user's last key, and showing it would undo that key on screen.)
    private mutating func othersChanged(_ new: Outcome) {
        playerCount = nil
        if typing {
            if new != outcome {
                message = .note("changed in another terminal or process; Ctrl-L shows it")
            }
            return
        }
        outcome = new
        if case .add? = overlay, user == nil { overlay = nil }  // signed out elsewhere: nothing to add with
        if !new.warnings.isEmpty { overlay = .warnings(new.warnings) }
        reloadList()
    }

    static func describe(_ error: any Error) -> String { ClubhouseError.message(of: error) }
}

/// What the driver does after an event besides the effects: go on, draw the whole screen again, or
/// quit.
public enum TerminalStep: Equatable, Sendable {
    case stay
    /// Draw the whole screen again, not only what changed (Ctrl-L, a resize).
    case redrawAll
    case quit(interrupted: Bool)
}
