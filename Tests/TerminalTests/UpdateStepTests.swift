import Clubhouse
import Foundation
import Testing

@testable import ClubhouseTerminal

/// The update step alone: keys in, the model and the effects it asks for out, with no library
/// call made unless the test makes it and hands the result back. What a key asks of storage is
/// read here as the effect itself.
@Suite struct UpdateStepTests {
    private let layout = Layout(width: 100, height: 30)

    /// A model that stands where `app` stands, its list read as the driver would read it.
    private func model(of app: ClubhouseApp) throws -> TerminalModel {
        var model = TerminalModel(outcome: try app.look(), layout: layout, scene: nil)
        try settle(&model, model.update(.started).effects, app)
        return model
    }

    /// Reads what the model asks to read (a list's rows, the players' count) from `app`; any
    /// other effect is a failure of the test, which makes no call the test did not ask for.
    private func settle(_ model: inout TerminalModel, _ effects: [TerminalEffect], _ app: ClubhouseApp) throws {
        for effect in effects {
            switch effect {
            case .readWindow(let count, let above):
                let window = Result { try app.readWindow(count: count, above: above) }
                try settle(&model, model.update(.result(.windowRead(window))).effects, app)
            case .countPlayers(let list):
                let count = try app.readPlayers(list) { try $0.count() }
                try settle(&model, model.update(.result(.counted(count))).effects, app)
            default: Issue.record("unexpected effect: \(Self.text(effect))")
            }
        }
    }

    private func keys(_ keys: [Key], _ model: inout TerminalModel) -> [[String]] {
        keys.map { model.update(.key($0)).effects.map(Self.text) }
    }

    private func typed(_ text: String) -> [Key] { text.map { .character($0) } }

    @Test func loginKeysAskNothingUntilEnterAndThePasswordLeavesWithTheSignIn() throws {
        let app = try ClubhouseApp.inMemory(hashingCost: .testing)
        try app.register(username: "ana", password: "s3cret-pass")
        var model = try model(of: app)
        #expect(model.screen == .login)

        #expect(keys(typed("ana") + [.enter] + typed("s3cret-pass"), &model).allSatisfy { $0.isEmpty })
        #expect(model.login.username == "ana" && model.login.passwordLength == 11 && model.loginFocus == 1)

        let signIn = model.update(.key(.enter)).effects
        #expect(signIn.map(Self.text) == ["draw now", "sign in ana then signedIn"])
        #expect(model.password.isEmpty, "the password leaves the model with the effect that sends it")
        #expect(model.message == .note("signing in…"))

        // Refused: the username stays, the cursor waits in the password.
        let refused = Result { try app.signIn(username: "ana", password: "wrong-pass") }
        #expect(model.update(.result(.landed(refused, .signedIn))).effects.isEmpty)
        #expect(model.loginFocus == 1 && model.screen == .login)
        guard case .alert(let title, _)? = model.overlay, title == "Not signed in" else {
            Issue.record("no alert shown: \(String(describing: model.overlay))")
            return
        }
        #expect(model.update(.key(.enter)).effects.isEmpty)
        #expect(model.overlay == nil)

        let accepted = Result { try app.signIn(username: "ana", password: "s3cret-pass") }
        try settle(&model, model.update(.result(.landed(accepted, .signedIn))).effects, app)
        #expect(model.screen == .home)
        #expect(model.message == .note("signed in as ana"))
        #expect(model.login == LoginFields() && model.loginFocus == 0)
    }

    @Test func quittingAsksNothingOfTheLibrary() throws {
        let app = try signedInApp()
        var model = try model(of: app)
        let quit = model.update(.key(.character("q")))
        #expect(quit.step == .quit(interrupted: false) && quit.effects.isEmpty)
        #expect(model.update(.key(.control("c"))).step == .quit(interrupted: true))
    }

    @Test func aMoveOnALongListIsOneCallThatCarriesItsWindow() throws {
        let app = try signedInApp()
        for name in ["Zoë", "Kai"] {
            try app.open("players/new")
            try app.submit([("name", name)])
        }
        try app.open("players")
        var model = try model(of: app)
        #expect(model.window?.rows.count == 2 && model.window?.total == 2)

        let effects = model.update(.key(.down)).effects
        #expect(effects.map(Self.text) == ["perform here moveSelection(SelectionMove.by(1)) with a window then land"])
        guard case .call(.perform(let command), _)? = effects.first else { return }
        let landed = Result { try app.perform(command) }
        // The window came with the move: nothing more is read.
        #expect(model.update(.result(.landed(landed, .land(changesData: false)))).effects.isEmpty)
        #expect(model.window?.selectedIndex == 1)
    }

    @Test func deleteAsksFirstAndOnlyYesDeletesTheRowsRecord() throws {
        let app = try signedInApp()
        try app.open("players/new")
        try app.submit([("name", "Zoë")])
        try app.open("players")
        var model = try model(of: app)

        #expect(keys([.character("d")], &model) == [[]])
        #expect(model.overlay == .confirm("Delete player #1 Zoë?"))
        // Keys that are no answer change nothing; n closes the question and does nothing.
        #expect(keys([.character("x"), .character(" "), .backspace], &model).allSatisfy { $0.isEmpty })
        #expect(model.overlay == .confirm("Delete player #1 Zoë?"))
        #expect(keys([.character("n")], &model) == [[]])
        #expect(model.overlay == nil)

        #expect(
            keys([.character("d"), .character("y")], &model) == [
                [], ["perform players/1 deletePlayer then land, data changed"],
            ])
        #expect(model.overlay == nil)
    }

    @Test func spaceOnABenchedPlayerWithNoTeamsAsksNothing() throws {
        let app = try signedInApp()
        try app.open("players/new")
        try app.submit([("name", "Zoë")])
        try app.open("players/confirm")
        var model = try model(of: app)
        #expect(model.screen == .teamPicker)
        guard case .pick(_, nil)? = model.selectedRow else {
            Issue.record("no benched player selected: \(String(describing: model.selectedRow))")
            return
        }
        // The player is on the bench already and no team has anyone: nothing to write.
        #expect(keys([.character(" ")], &model) == [[]])
        #expect(keys([.character("a")], &model) == [[#"perform here fill([(name: "team-a", text: "1")]) then land"#]])
    }

    @Test func aCommandLineChainStopsAtItsFirstRefusal() throws {
        let app = try signedInApp()
        var model = try model(of: app)
        let effects = keys([.character(":")] + typed("player delete 9") + [.enter], &model).last ?? []
        #expect(effects == ["open players/9 with a window then apply delete"])
        // The player is not there: the delete is never asked.
        let missing = Result { try app.open("players/9") }
        #expect(model.update(.result(.landed(missing, .thenApply(.delete)))).effects.isEmpty)
        guard case .alert? = model.overlay else {
            Issue.record("no alert shown, but \(String(describing: model.overlay))")
            return
        }
    }

    @Test func aTerminalTooSmallTakesOnlyTheQuitKeys() throws {
        let app = try signedInApp()
        var model = try model(of: app)
        #expect(model.update(.resized(Layout(width: 20, height: 5))).effects.isEmpty)
        #expect(keys([.character("2"), .character("n"), .enter], &model).allSatisfy { $0.isEmpty })
        #expect(model.message == nil && model.overlay == nil)
        #expect(model.update(.key(.control("q"))).step == .quit(interrupted: false))
    }

    @Test func othersChangesWaitWhileAFormIsTypedIntoAndCtrlLReadsThem() throws {
        let app = try signedInApp()
        try app.open("players/new")
        try app.perform(Command(.typing([("name", "Zo")])))
        var model = try model(of: app)
        let typedInto = model.outcome

        let elsewhere = try app.open("library")
        #expect(model.update(.othersChanged(elsewhere)).effects.isEmpty)
        #expect(model.outcome == typedInto && model.screen == .form)
        #expect(model.message == .note("changed in another terminal or process; Ctrl-L shows it"))

        let reload = model.update(.key(.control("l")))
        #expect(reload.step == .redrawAll)
        #expect(reload.effects.map(Self.text) == ["look then reloaded"])
    }

    @Test func aConfirmedBackReadsTheListAsTheTerminalStandsWhenYIsPressed() throws {
        let app = try signedInApp()
        try app.open("players")
        try app.open("players/new")
        try app.perform(Command(.typing([("name", "Zo")])))
        var model = try model(of: app)
        #expect(keys([.escape], &model) == [[]])
        #expect(model.overlay == .confirm("Go back and drop what is typed into this form?"))
        // Resized while the question is on show: the list landed on is read at the new size.
        let smaller = Layout(width: 100, height: 22)
        #expect(model.update(.resized(smaller)).effects.isEmpty)
        let effects = model.update(.key(.character("y"))).effects
        guard case .call(.perform(let command), _)? = effects.first else {
            Issue.record("no call: \(effects.map(Self.text))")
            return
        }
        #expect(command.window?.count == smaller.listRows(for: .players))
        #expect(smaller.listRows(for: .players) != layout.listRows(for: .players))
    }

    @Test func aKeyTypedIntoAFormAnotherProcessReplacedSaysSoAndKeepsTheScreen() throws {
        let app = try signedInApp()
        try app.open("players/new")
        var model = try model(of: app)
        let effects = keys([.character("Z")], &model)
        #expect(effects.first?.first?.hasSuffix("then typed") == true, "\(effects)")
        let refused = Result<Outcome, any Error>.failure(ClubhouseError.notOnScreen("players/new"))
        #expect(model.update(.result(.landed(refused, .typed))).effects.isEmpty)
        #expect(
            model.overlay
                == .alert(
                    title: "Not typed",
                    text: "this form was changed in another terminal or process; Ctrl-L shows it as it is now"))
        #expect(model.screen == .form)
    }

    @Test func searchTypedAwayFromTheShelfOpensItThenSearches() throws {
        let app = try signedInApp()
        var model = try model(of: app)
        _ = keys([.character(":")] + typed("book search dune"), &model)
        let effects = model.update(.key(.enter)).effects
        #expect(effects.map(Self.text) == ["open library with a window then search dune"])
        guard case .call(.perform(let command), let then)? = effects.first else { return }
        // The shelf's rows come with the open; the search follows it.
        let opened = Result { try app.perform(command) }
        let next = model.update(.result(.landed(opened, then))).effects.map(Self.text)
        #expect(next == [#"perform here search(Optional("dune")) with a window then land"#])
        #expect(model.screen == .library)
    }

    // MARK: Effects as text

    static func text(_ effect: TerminalEffect) -> String {
        switch effect {
        case .call(let call, let landing): "\(text(call)) then \(text(landing))"
        case .readWindow(let count, let above): "read \(count) rows, \(above) above"
        case .countPlayers: "count players"
        case .findPlayer(_, let text, let after): "find \(text) after \(after.map(String.init) ?? "none")"
        case .drawNow: "draw now"
        }
    }

    private static func text(_ call: LibraryCall) -> String {
        switch call {
        case .perform(let command):
            let link =
                switch command.link {
                case .screen(let screen)?: screen.path
                case .page(let page)?: "page \(page)"
                case nil: "here"
                }
            let action = command.action.map { " \($0)" } ?? ""
            return (command.keepsLinkWhenSignedOut ? "open " : "perform ") + link + action
                + (command.window == nil ? "" : " with a window")
        case .open(let text): return "open unparsed \(text)"
        case .look: return "look"
        case .signIn(let username, _): return "sign in \(username)"
        case .register(let username, _, let landing): return "register \(username) landing on \(landing)"
        case .signOut: return "sign out"
        }
    }

    private static func text(_ landing: AfterCall) -> String {
        switch landing {
        case .land(let changesData): changesData ? "land, data changed" : "land"
        case .typed: "typed"
        case .typedCut(let note): "typed, \(note)"
        case .turnedPage: "turned page"
        case .wentBack: "went back"
        case .signedIn: "signedIn"
        case .refilled(let fields): "refill \(fields.map(\.name))"
        case .then(let effect): "(\(text(effect)))"
        case .thenApply(let command): "apply \(command)"
        case .thenSearch(let words): "search \(words)"
        case .reloaded: "reloaded"
        }
    }
}

extension Action {
    /// The action as a test reads it, or nil for none.
    fileprivate func map(_ body: (String) -> String) -> String? {
        if case .none = self { return nil }
        return body(Self.name(self))
    }

    private static func name(_ action: Action) -> String {
        // The case and its values, without the module's names.
        String(describing: action).replacingOccurrences(of: "ClubhouseNavigation.", with: "")
            .replacingOccurrences(of: "ClubhouseFeatures.", with: "").replacingOccurrences(
                of: "ClubhouseDomain.", with: "")
    }
}
