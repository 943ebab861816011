import Clubhouse
import ClubhouseTestSupport
import Foundation
import Testing

@testable import ClubhouseTerminal

/// Issue 42, item 7: a paste comes marked (bracketed paste, one `.paste`) or, from a terminal
/// that does not mark it, as thousands of keys in a few reads, which the driver hands over
/// together (`TerminalSession.handle(_:until:)`): a run of characters typed into a field is one
/// transaction, where each character was one (3 000 took 28–43 s, Ctrl-C waiting behind them);
/// a field's limit applies as it is typed; Ctrl-C comes first. Transactions are counted by the
/// file's change counter (its header's bytes 24–27, which every commit moves).
@Suite struct PasteTests {
    static func changeCounter(_ path: String) throws -> UInt32 { try ChangeCounter.read(path) }

    /// Ana signed in on a real file (its change counter counts the transactions), on `screen`.
    static func fileSession(_ folder: TemporaryFolder, on screen: String) throws
        -> (app: ClubhouseApp, session: TerminalSession, path: String)
    {
        let path = folder.path("clubhouse.sqlite")
        let app = try ClubhouseApp(path: path, hashingCost: .testing)
        try app.register(username: "ana", password: "s3cret-pass", signingIn: true)
        try app.open(screen)
        let session = try TerminalSession(app: app, layout: Layout(width: 100, height: 30), clock: { 0 })
        return (app, session, path)
    }

    @Test func aRunOfTypedKeysIsOneTransaction() throws {
        let folder = try TemporaryFolder()
        let (app, session, path) = try Self.fileSession(folder, on: "players/new")
        let text = String(repeating: "Zoë ", count: 25)
        let before = try Self.changeCounter(path)
        _ = session.handle(text.map(Key.character))
        #expect(try Self.changeCounter(path) &- before == 1)
        #expect(try app.state()?.currentScreen.draft?["name"] == text)
    }

    /// Ctrl-C quits before the keys queued ahead of it, as a terminal's interrupt drops what was
    /// typed ahead: on main before this change the paste ahead of it was typed first.
    @Test func ctrlCAmongQueuedKeysQuitsBeforeThem() throws {
        let folder = try TemporaryFolder()
        let (app, session, path) = try Self.fileSession(folder, on: "players/new")
        let before = try Self.changeCounter(path)
        let draft = try app.state()?.currentScreen.draft
        let steps = session.handle("Zoë".map(Key.character) + [.tab, .character("3"), .control("c"), .character("x")])
        #expect(steps == [.quit(interrupted: true)])
        #expect(try Self.changeCounter(path) == before)
        #expect(try app.state()?.currentScreen.draft == draft)
    }

    /// The driver is asked between steps whether Ctrl-C has come in since: the moves after it
    /// are never made.
    @Test func anInterruptArrivingMidRunStopsAtTheNextStep() throws {
        let (app, session) = try signedInSession()
        for name in ["Zoë", "Kai", "Mía"] {
            try app.open("players/new")
            try app.submit([("name", name)])
        }
        try app.open("players")
        session.reload()
        var asked = 0
        let steps = session.handle(Array(repeating: [Key.character("k"), .character("j")], count: 500).flatMap { $0 }) {
            asked += 1
            return asked > 3
        }
        #expect(steps == [.stay, .stay, .stay, .quit(interrupted: true)])
        #expect(asked == 4)
        // Three moves were made from the last row: up, down, up.
        #expect(try app.state()?.currentScreen.selected == "2")
    }

    @Test func aPastePastAFieldsLimitKeepsWhatFitsAndSaysSo() throws {
        let (app, session) = try signedInSession()
        try app.open("players/new")
        session.reload()
        _ = session.handle([.paste(String(repeating: "a", count: 3000))])
        #expect(try app.state()?.currentScreen.draft?["name"]?.count == 100)
        #expect(session.frame().text.contains("Name takes at most 100 characters; the rest was left out"))
        // Typed on at the limit: nothing more goes in, and it says so again.
        _ = session.handle(.character("b"))
        #expect(try app.state()?.currentScreen.draft?["name"]?.count == 100)
        #expect(session.frame().text.contains("Name takes at most 100 characters"))
        // Keys that are not typed (Tab moves to the next field) go one by one between the runs.
        _ = session.handle([.tab] + "31".map(Key.character))
        #expect(try app.state()?.currentScreen.draft?["age"] == "31")
        #expect(!session.frame().text.contains("at most 100"))
    }

    @Test func typedKeysPastAFieldsLimitAreLeftOutToo() throws {
        let (app, session) = try signedInSession()
        try app.open("questions/new")
        session.reload()
        _ = session.handle(String(repeating: "why ", count: 40).map(Key.character))
        #expect(
            try app.state()?.currentScreen.draft?["text"] == String(String(repeating: "why ", count: 40).prefix(100)))
        #expect(session.frame().text.contains("Question takes at most 100 characters"))
    }

    @Test func aFieldWithoutATextLimitTakesADraftsLongest() throws {
        let (app, session) = try signedInSession()
        try app.open("players/new")
        session.reload()
        _ = session.handle([.tab, .paste(String(repeating: "9", count: FormDraft.longestField + 500))])
        #expect(try app.state()?.currentScreen.draft?["age"]?.count == FormDraft.longestField)
    }

    @Test func aPasteWhereNothingTakesTextIsNeitherKeysNorTyped() throws {
        let (app, session) = try signedInSession()
        let place = try app.state()?.currentPlace
        let steps = session.handle([.paste("q2n")])
        #expect(steps == [.stay])
        #expect(try app.state()?.currentPlace == place)
        #expect(session.frame().text.contains("nothing on this screen takes text; the paste was left out"))
        // On the command line a paste is typed into the line.
        _ = session.handle(.character(":"))
        _ = session.handle([.paste("open players")])
        #expect(session.frame().text.contains(":open players"))
    }

    /// A field's limit is counted as its rule counts, in Unicode scalars, and cut in whole
    /// characters: 100 characters of é-with-a-combining-accent and a family emoji kept 350
    /// scalars, which the form then refused (a hostile round found it).
    @Test func aLimitIsCountedAsTheRuleCountsAndCutInWholeCharacters() throws {
        let (app, session) = try signedInSession()
        try app.open("players/new")
        session.reload()
        _ = session.handle([.paste(String(repeating: "e\u{301}👨‍👩‍👧", count: 5000))])
        let name = try #require(try app.state()?.currentScreen.draft?["name"])
        #expect(TypedText.length(name) <= 100)
        #expect(TypedText.length(name) > 90)
        #expect(name.unicodeScalars.last?.properties.isEmojiPresentation == true || name.hasSuffix("e\u{301}"))
        #expect(session.frame().text.contains("Name takes at most 100 characters"))
    }

    @Test func theSignInsFieldsKeepTheirOwnLimits() throws {
        let app = try ClubhouseApp.inMemory(hashingCost: .testing)
        let session = try TerminalSession(app: app, layout: Layout(width: 100, height: 30), clock: { 0 })
        _ = session.handle([.paste(String(repeating: "ana", count: 100_000))])
        #expect(session.display.login.username.count == Username.maximumLength)
        #expect(session.frame().text.contains("Username takes at most \(Username.maximumLength) characters"))
        _ = session.handle(.tab)
        _ = session.handle([.paste(String(repeating: "p", count: 300_000))])
        #expect(session.display.login.passwordLength == Password.maximumLength)
    }

    /// A megabyte pasted without the marks (a terminal without bracketed paste) is one insert:
    /// the run is read to its end and only what fits kept (it took 12 s, Ctrl-C waiting).
    @Test func aHugeUnmarkedPasteIsOneInsert() throws {
        let folder = try TemporaryFolder()
        let (app, session, path) = try Self.fileSession(folder, on: "questions/new")
        let before = try Self.changeCounter(path)
        let steps = session.handle(Array(repeating: Key.character("d"), count: 200_000) + [.tab])
        #expect(steps.count == 2)
        #expect(try Self.changeCounter(path) &- before <= 2)  // the insert, and the Tab's focus
        #expect(try app.state()?.currentScreen.draft?["text"]?.count == 100)
    }
}
