import Clubhouse

extension ClubhouseError {
    /// A record the address names is not there (deleted, never made): a page's 404.
    var isMissingRecord: Bool {
        switch self {
        case .playerNotFound, .gatherNotFound, .bookNotFound, .questionNotFound, .unresolvedLink: true
        default: false
        }
    }
}

/// A page ready to draw: the outcome it shows (or the sign-in), with what a refused post typed.
struct PageView: Sendable {
    enum Kind: Sendable {
        /// The sign-in or registration; `claim`: the user signed in on the device, whose password
        /// this browser must give to open their screens.
        case login(registering: Bool, claim: String?)
        case screen(Outcome, window: ListWindowContent?)
    }

    var kind: Kind
    var messages: [Message] = []
    /// A refused form's fields as they were posted, shown again so nothing typed is lost.
    var typed: [String: String] = [:]
    /// The refusal, shown on the form, and the field it names (the cursor goes there).
    var refusal: String?
}

/// What a GET does: show the screen, or redirect to where the scene is (after opening the screen
/// the URL names, when it is another).
enum PageStep: Sendable {
    case show(PageView)
    case redirect(String, [Message])
    /// The address is no screen, or names a record there is not: the screen on show, with why,
    /// answered 404 (a link checker or a script learns the address is wrong; a person reads it).
    case missing(PageView)

    /// Rows of a list a page shows at once (the earlier and later buttons move by as many).
    static let listRows = 50

    /// `session`: what this browser's session cookie was signed for; it opens the screens only
    /// while that user's sign-in is the one the device has (a sign-out anywhere ends it).
    /// `knownVisitor`: the request carried the visitor cookie (same-site, a browser that has been
    /// here): only then does a signed-out GET keep its screen for after the sign-in, so that
    /// another site's link or image cannot choose where the device's next sign-in lands.
    static func make(_ address: PageAddress, app: ClubhouseApp, session: WebSession?, knownVisitor: Bool = true) throws
        -> PageStep
    {
        let outcome = try app.look()
        switch outcome.view {
        case .login(let screen):
            return try signedOut(address, on: screen, app: app, outcome: outcome, knownVisitor: knownVisitor)
        case .main(let user, let state, _):
            guard let session, session.user == user.id, try session.isCurrent(on: app) else {
                return .show(PageView(kind: .login(registering: false, claim: user.username)))
            }
            let here = state.currentPlace
            if address.place.isEmpty || address.place.hasPrefix("login") { return .redirect(here, []) }
            if address.place == here, address.via == nil { return .show(try view(outcome, app: app)) }
            guard let link = Link(address.place) else {
                return try missing(outcome, app: app, "/\(address.place) is not a screen of the app.")
            }
            let command: Command
            switch (address.via, link) {
            case ("home", .screen(let screen)): command = Command(link: .screen(.home), .show(screen))
            case ("over", .screen(let screen)): command = Command(.show(screen))
            default: command = isBelowTop(address.place, state) ? Command(.back) : .open(link)
            }
            let landed: Outcome
            do {
                landed = try app.perform(command)
            } catch let error as ClubhouseError {
                if error.isMissingRecord { return try missing(outcome, app: app, error.message) }
                return .redirect(here, [Message(kind: .error, text: error.message)])
            }
            guard case .main(_, let now, _) = landed.view else { return .redirect("login", landed.messages) }
            // What the action landed on is the page: no second read.
            if now.currentPlace == address.place, address.via == nil { return .show(try view(landed, app: app)) }
            return .redirect(now.currentPlace, landed.messages)
        }
    }

    private static func missing(_ outcome: Outcome, app: ClubhouseApp, _ why: String) throws -> PageStep {
        var view = try view(outcome, app: app)
        view.messages.append(Message(kind: .error, text: why))
        return .missing(view)
    }

    /// Signed out on the device: the sign-in or registration, and any other screen is kept to
    /// open after the sign-in (as `clubhouse open` keeps it).
    private static func signedOut(
        _ address: PageAddress, on screen: Screen, app: ClubhouseApp, outcome: Outcome, knownVisitor: Bool
    ) throws -> PageStep {
        switch address.place {
        case screen.path:
            return .show(
                PageView(kind: .login(registering: screen == .register, claim: nil), messages: outcome.messages))
        case "", "home":
            return .redirect(screen.path, [])
        case "login/register":
            try app.perform(.open(.screen(.register)))
            return .redirect("login/register", [])
        case "login":
            try app.perform(Command(.back))
            return .redirect("login", [])
        default:
            guard let link = Link(address.place) else {
                var view = PageView(
                    kind: .login(registering: screen == .register, claim: nil), messages: outcome.messages)
                view.messages.append(Message(kind: .error, text: "/\(address.place) is not a screen of the app."))
                return .missing(view)
            }
            guard knownVisitor else {
                return .redirect(
                    screen.path,
                    [
                        Message(
                            kind: .note,
                            text: "Sign in, then open /\(link.text) again: a link from elsewhere is not kept.")
                    ])
            }
            do {
                try app.perform(.deepLink(link))
            } catch let error as ClubhouseError {
                return .redirect(screen.path, [Message(kind: .error, text: error.message)])
            }
            return .redirect(
                screen.path, [Message(kind: .note, text: "Sign in to open \(link.text); it opens once you are in.")])
        }
    }

    /// Whether `place` is the screen under the one on show: the browser's back button, which is
    /// the coordinators' back.
    static func isBelowTop(_ place: String, _ state: NavigationState) -> Bool {
        let stack = state.modal?.stack ?? state.stack(for: state.selectedTab)
        guard stack.count >= 2 else { return false }
        let below = stack[stack.count - 2].path
        if state.modal == nil, state.selectedTab == .home, stack.count == 2 {
            return place == "home/\(state.selectedPage.rawValue)"
        }
        return below == place
    }

    /// The screen on show with the window of its list, if it is one.
    static func view(_ outcome: Outcome, app: ClubhouseApp) throws -> PageView {
        var window: ListWindowContent?
        if case .main(_, _, let content) = outcome.view {
            switch content {
            case .playerList, .bookList, .questionList, .gatherList:
                window = try app.readWindow(count: listRows)
            default: break
            }
        }
        return PageView(kind: .screen(outcome, window: window), messages: outcome.messages)
    }
}
