import Clubhouse
import Hummingbird

/// What a post answered.
enum PostAnswer: Sendable {
    enum Session: Sendable {
        case keep
        /// A browser session for this sign-in of the device (`ClubhouseApp.signedInSession`).
        case start(WebSession)
        case end
    }

    /// Done (or refused without a form to show again): go to where the scene is now.
    case landed(String, [Message], Session)
    /// Typing saved into the draft (the script's background save): nothing to show.
    case typed
    /// A form refused: drawn again with what was typed and why.
    case refused(PageView, HTTPResponse.Status)
    case plain(HTTPResponse.Status, String)

    /// A password refused (the gate then pauses before the next check).
    var isPasswordRefusal: Bool {
        if case .refused(_, let status) = self { status == .unauthorized } else { false }
    }
}

/// One posted form: the button pressed (`_do`) turned into one command for
/// `ClubhouseApp.perform`, for the screen the page showed (`_screen`).
struct FormPost: Sendable {
    let body: FormBody
    let address: PageAddress

    var verb: String { body["_do"] ?? "" }

    /// Whether this post checks a password: a sign-in or registration, or any post of a browser
    /// that has not signed in (which can only sign in).
    func checksPassword(signedIn: Bool) -> Bool {
        !signedIn || verb == "signin" || verb == "register"
    }

    func perform(on app: ClubhouseApp, signedIn: Bool) throws -> PostAnswer {
        let before = try app.look()
        switch before.view {
        case .login(let screen):
            return try signedOut(app, screen: screen)
        case .main(let user, let state, let content):
            guard signedIn else { return try claim(app, user: user, state: state) }
            let here = state.currentPlace
            // A form for a screen no longer on show (another tab or process moved the scene)
            // does nothing: the page it was on is gone.
            if let shown = body["_screen"], shown != here {
                let text = "This page had changed (it is /\(here) now); nothing was done."
                return verb == "typing"
                    ? .plain(.conflict, text) : .landed(here, [Message(kind: .warning, text: text)], .keep)
            }
            do {
                // Inside the catch: a verb's own reading of the form (the countdown's minutes)
                // refuses as the library does.
                guard let command = try command(user: user, state: state, content: content) else {
                    return .plain(.badRequest, "'\(verb.prefix(40))' is not something this page does")
                }
                let outcome = try app.perform(command)
                if verb == "typing" { return .typed }
                switch outcome.view {
                case .login(let screen):
                    return .landed(screen.path, outcome.messages, .end)
                case .main(_, let now, _):
                    return .landed(now.currentPlace, outcome.messages, .keep)
                }
            } catch let error as ClubhouseError {
                if verb == "typing" { return .plain(.badRequest, error.message) }
                if verb == "submit" || verb == "start-gather" || verb == "timer:length" {
                    var view = try PageStep.view(before, app: app)
                    view.typed = verb == "timer:length" ? ["minutes": body["minutes"] ?? ""] : body.recordFields
                    view.refusal = error.message
                    view.messages = []
                    return .refused(view, .badRequest)
                }
                return .landed(here, [Message(kind: .error, text: error.message)], .keep)
            }
        }
    }

    // MARK: Signed out, and a browser that has not given the password yet

    private func signedOut(_ app: ClubhouseApp, screen: Screen) throws -> PostAnswer {
        let username = body["username"] ?? ""
        let password = body["password"] ?? ""
        do {
            let outcome: Outcome
            switch verb {
            case "signin": outcome = try app.signIn(username: username, password: password)
            case "register": outcome = try app.register(username: username, password: password, signingIn: true)
            default: return .landed(screen.path, [Message(kind: .error, text: "Sign in first.")], .keep)
            }
            guard case .main(_, let state, _) = outcome.view, let session = try app.signedInSession() else {
                return .landed(screen.path, [], .keep)
            }
            return .landed(state.currentPlace, outcome.messages, .start(WebSession(session)))
        } catch let error as ClubhouseError {
            var view = PageView(kind: .login(registering: screen == .register, claim: nil))
            view.typed = ["username": username]
            view.refusal = error.message
            return .refused(view, error.isWrongCredentials ? .unauthorized : .badRequest)
        }
    }

    /// The device is signed in, this browser not yet: the signed-in user's password opens the
    /// screens here (checked, not a second sign-in: nobody is signed in or out).
    private func claim(_ app: ClubhouseApp, user: User, state: NavigationState) throws -> PostAnswer {
        let username = body["username"] ?? ""
        var view = PageView(kind: .login(registering: false, claim: user.username))
        view.typed = ["username": username]
        guard verb == "signin" else {
            view.refusal = "Sign in first."
            return .refused(view, .unauthorized)
        }
        do {
            let checked = try app.checkPassword(username: username, password: body["password"] ?? "")
            guard checked.id == user.id else {
                view.refusal =
                    "\(user.username) is signed in on this device: sign in as \(user.username), or sign out with `clubhouse logout` first."
                return .refused(view, .forbidden)
            }
            let next = address.place.isEmpty || address.place.hasPrefix("login") ? state.currentPlace : address.place
            guard let session = try app.signedInSession(), session.user.id == user.id else {
                return .landed("login", [], .keep)  // signed out meanwhile
            }
            return .landed(
                next, [Message(kind: .note, text: "Signed in as \(user.username).")], .start(WebSession(session)))
        } catch let error as ClubhouseError {
            view.refusal = error.message
            return .refused(view, .unauthorized)
        }
    }

    // MARK: The buttons

    /// The command the pressed button stands for on this screen, or nil for a button the page
    /// does not have.
    private func command(user: User, state: NavigationState, content: ScreenContent) throws -> Command? {
        let parts = verb.split(separator: ":", maxSplits: 2).map(String.init)
        guard let head = parts.first else { return nil }
        let argument = parts.count > 1 ? parts[1] : nil
        let expecting = ScreenExpectation(user: user.id, screen: Screen(path: state.currentScreen.path) ?? .home)
        switch head {
        case "back": return Command(.back)
        case "undo": return Command(.undo)
        case "reopen": return Command(.reopen)
        case "tab":
            guard let tab = argument.flatMap(Tab.init(rawValue:)) else { return nil }
            return Command(.selectTab(tab))
        case "submit":
            return Command(.submit(ordered(body.recordFields, content), discardingDraft: false), expecting: expecting)
        case "typing":
            return Command(.typing(ordered(body.recordFields, content)), expecting: expecting)
        case "discard": return Command(.discardDraft, expecting: expecting)
        case "delete":
            switch content {
            case .playerDetail: return Command(.deletePlayer)
            case .bookDetail: return Command(.removeBook)
            case .questionDetail: return Command(.deleteQuestion)
            case .gather(let model) where !model.gather.isInProgress: return Command(.deleteGather)
            default: return nil
            }
        case "mark", "unmark":
            guard let id = argument.flatMap(Player.ID.init) else { return nil }
            return Command(head == "mark" ? .mark([id]) : .unmark([id]))
        case "unmark-all": return Command(.unmark(nil))
        case "confirm-marked": return Command(.confirmMarked)
        case "earlier", "later":
            return Command(.moveSelection(.by(head == "earlier" ? -PageStep.listRows : PageStep.listRows)))
        case "search":
            let text = body["q"] ?? ""
            return Command(.search(text.isEmpty ? nil : text))
        case "search-clear": return Command(.search(nil))
        case "goal":
            guard let team = argument.flatMap(Team.init(rawValue:)), parts.count == 3, let by = Int(parts[2]),
                abs(by) == 1
            else { return nil }
            return Command(.gather(.play(.score(team, by: by))))
        case "timer":
            switch argument {
            case "start": return Command(.gather(.play(.startTimer)))
            case "pause": return Command(.gather(.play(.pauseTimer)))
            case "resume": return Command(.gather(.play(.resumeTimer)))
            case "reset": return Command(.gather(.play(.resetTimer)))
            case "length":
                let minutes = try GatherMinutes(body["minutes"] ?? "")
                return Command(.gather(.play(.setTimer(minutes.milliseconds))))
            default: return nil
            }
        case "end": return Command(.gather(.end))
        case "cancel": return Command(.gather(.cancel))
        case "start-gather":
            guard case .confirmPlayers(let model) = content else { return nil }
            return Command(
                .submit(try TeamPicks(body.fields, players: model.players).fields, discardingDraft: true),
                expecting: expecting)
        case "land-on":
            let posted = body["tab"] ?? ""
            guard let tab = Tab(rawValue: posted) else {
                let tabs = Tab.allCases.map(\.rawValue).joined(separator: ", ")
                throw ClubhouseError.invalidInput("'\(TypedText.excerpt(posted))' is not a tab: \(tabs)")
            }
            return Command(.landOn(tab))
        case "sign-out": return Command(.signOut)
        default: return nil
        }
    }

    /// The posted fields in the order the form on show declares them (its messages name the
    /// first fault first); names the form does not have go last, for the form to refuse.
    private func ordered(_ fields: [String: String], _ content: ScreenContent) -> [(name: String, text: String)] {
        let declared: [String] = if case .form(let model) = content { model.fields.map(\.name) } else { [] }
        let known = declared.filter { fields[$0] != nil }
        let others = fields.keys.filter { !declared.contains($0) }.sorted()
        return (known + others).map { ($0, fields[$0]!) }
    }
}

/// The countdown's length as the gather page's minutes box takes it.
struct GatherMinutes {
    let milliseconds: Int64

    init(_ text: String) throws {
        let range = GatherTimer.durationRange
        let longest = Int(range.upperBound / 60_000)
        guard let minutes = Int(text.trimmingCharacters(in: .whitespaces)), (1...longest).contains(minutes) else {
            throw ClubhouseError.invalidInput("minutes must be a whole number from 1 to \(longest)")
        }
        milliseconds = Int64(minutes) * 60_000
    }
}

/// The team picker's radio buttons (`player-<id>` = `a`, `b` or `bench`) as the form's two
/// fields, `team-a` and `team-b`, of player ids. Every pick posted goes to the form, the page's
/// players first in its order: a player deleted or unmarked since the page was drawn is refused
/// by the form as the CLI's `gather start` refuses it, never dropped from the team unsaid.
struct TeamPicks {
    let fields: [(name: String, text: String)]

    init(_ posted: [String: String], players: [Player]) throws {
        var picks: [(id: Player.ID, choice: String)] = []
        for (name, choice) in posted where name.hasPrefix("player-") {
            guard let id = Player.ID(name.dropFirst("player-".count)) else {
                throw ClubhouseError.invalidInput("'\(TypedText.excerpt(name))' is not a player of this form")
            }
            guard choice == "bench" || Team(rawValue: choice) != nil else {
                throw ClubhouseError.invalidInput("#\(id): '\(TypedText.excerpt(choice))' is not a team: a, b or bench")
            }
            picks.append((id, choice))
        }
        let order = Dictionary(players.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        picks.sort { (order[$0.id] ?? Int.max, $0.id) < (order[$1.id] ?? Int.max, $1.id) }
        var teams: [Team: [String]] = [:]
        for pick in picks {
            guard let team = Team(rawValue: pick.choice) else { continue }  // the bench
            teams[team, default: []].append(String(pick.id))
        }
        fields = Team.allCases.map {
            (ConfirmPlayersViewModel.field(for: $0), (teams[$0] ?? []).joined(separator: ","))
        }
    }
}

extension ClubhouseError {
    var isWrongCredentials: Bool {
        if case .wrongCredentials = self { true } else { false }
    }
}
