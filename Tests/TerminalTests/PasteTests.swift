import Clubhouse
import ClubhouseTestSupport
import Foundation
import Testing

@testable import ClubhouseTerminal

/// Issue 42, item 7: a paste arrives as thousands of keys in a few reads; the driver hands each
/// read's keys over together (`TerminalSession.handle(_: [Key])`), and a run of characters typed
/// into a field is one transaction, where each character was one (3 000 took 28–43 s, Ctrl-C
/// waiting behind them). Transactions are counted by the file's change counter (its header's
/// bytes 24–27, which every commit moves).
@Suite struct PasteTests {
    static func changeCounter(_ path: String) throws -> UInt32 {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: 24)
        let bytes = try #require(try handle.read(upToCount: 4))
        return bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }

    @Test func aPasteIntoAFieldIsOneTransactionAndCtrlCAfterItQuits() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("clubhouse.sqlite")
        let app = try ClubhouseApp(path: path, hashingCost: .testing)
        try app.register(username: "ana", password: "s3cret-pass", signingIn: true)
        try app.open("players/new")
        let session = try TerminalSession(app: app, layout: Layout(width: 100, height: 30), clock: { 0 })
        let text = String(repeating: "Zoë ", count: 750)
        let before = try Self.changeCounter(path)
        let steps = session.handle(text.map(Key.character) + [.control("c"), .character("x")])
        #expect(try Self.changeCounter(path) &- before == 1)
        #expect(try app.state()?.currentScreen.draft?["name"] == text)
        // Ctrl-C after the paste quits, and nothing after it is handled.
        #expect(steps.last == .quit(interrupted: true))
        #expect(try app.state()?.currentScreen.draft?["name"] == text)
    }

    @Test func aPastePastAFieldsBoundKeepsWhatFits() throws {
        let (app, session) = try signedInSession()
        try app.open("players/new")
        session.reload()
        _ = session.handle(String(repeating: "a", count: FormDraft.longestField + 500).map(Key.character))
        #expect(try app.state()?.currentScreen.draft?["name"]?.count == FormDraft.longestField)
        // Keys that are not typed (Tab moves to the next field) go one by one between the runs.
        _ = session.handle([.tab] + "31".map(Key.character))
        #expect(try app.state()?.currentScreen.draft?["age"] == "31")
    }
}
