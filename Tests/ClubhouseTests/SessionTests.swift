import Clubhouse
import Foundation
import Testing

/// The library's public story, told with `import Clubhouse` alone: what an app that embeds it can
/// do and rely on.
@Suite struct SessionTests {
    /// Registers at the library's own hashing cost; tests that are not about registering copy a
    /// registered file instead (`registered(in:)`).
    @Test func openRegisterSignInAndAddAPlayer() throws {
        let file = try TemporaryFile()
        let app = try ClubhouseApp(path: file.path)
        #expect(try app.signedInUser() == nil)
        #expect(try app.state() == nil)

        try app.register(username: "ana", password: "s3cret-pass")
        // OWASP's minimum for scrypt, recorded in the hash; the testing cost in a debug build whose
        // environment says so, as this test executable's does (StandardCostTests).
        var cost = "ln=17,r=8,p=1"
        #if DEBUG
            if ProcessInfo.processInfo.environment["CLUBHOUSE_DEBUG_HASH_COST"] == "testing" { cost = "ln=10,r=8,p=1" }
        #endif
        #expect(try sqlite3Value(file.path, "SELECT password_hash FROM users").hasPrefix("$scrypt$\(cost)$"))
        let signedIn = try app.signIn(username: "ana", password: "s3cret-pass")
        guard case .signedIn(let user, _) = signedIn.result else {
            Issue.record("expected a sign-in, got \(signedIn.result)")
            return
        }
        #expect(user.username == "ana")
        #expect(try app.state()?.selectedTab == .home)

        try app.open("players/new")
        try app.type([("name", "Zoë O'Brien")])
        #expect(try app.state()?.currentScreen.draft?["name"] == "Zoë O'Brien")
        let added = try app.submit([("position", "striker")])
        guard case .form(.playerAdded(let player), let resumed) = added.result else {
            Issue.record("expected a player, got \(added.result)")
            return
        }
        #expect(player.name == "Zoë O'Brien")
        #expect(player.position == .striker)
        #expect(resumed == ["name"])
        #expect(try app.state()?.currentScreen.path == "players")
    }

    @Test func registeringCanSignInAtOnceAndOpensAKeptLink() throws {
        let file = try TemporaryFile()
        let app = try ClubhouseApp(path: file.path)
        guard case .linkKept = try app.open("library").result else {
            Issue.record("a link opened while signed out is kept")
            return
        }
        let outcome = try app.register(username: "ana", password: "s3cret-pass", signingIn: true)
        guard case .signedIn(let user, let link) = outcome.result else {
            Issue.record("expected a sign-in, got \(outcome.result)")
            return
        }
        #expect(user.username == "ana")
        #expect(link == "library")
        #expect(try app.state()?.selectedTab == .library)
        #expect(throws: ClubhouseError.alreadySignedIn(username: "ana")) {
            try app.register(username: "bob", password: "s3cret-pass", signingIn: true)
        }
    }

    @Test func aSecondValueOnTheFileRestoresWhereTheFirstLeftOff() throws {
        let file = try TemporaryFile()
        let first = try registered(in: file)
        try first.perform(Command(link: Link("players/new"), .submit([("name", "Kai")], discardingDraft: false)))
        try first.open("players/1/edit/age")
        try first.type([("age", "31")])

        let second = try ClubhouseApp(path: file.path)
        let state = try #require(try second.state())
        #expect(state == (try first.state()))
        #expect(state.selectedTab == .players)
        #expect(state.stacks[.players]?.map(\.path) == ["players", "players/1", "players/1/edit/age"])
        #expect(state.currentScreen.draft?["age"] == "31")

        // The first value acts on what the second changed: its tree is re-read first.
        try second.back()
        try second.back()
        #expect(try first.state()?.currentScreen.path == "players")
        try first.undo()
        #expect(try second.state()?.currentScreen.path == "players/1")
    }

    @Test func errorsAreTypedAndChangeNothing() throws {
        let file = try TemporaryFile()
        let app = try ClubhouseApp(path: file.path)
        #expect(throws: ClubhouseError.notSignedIn) { try app.select(.players) }
        try app.register(username: "ana", password: "s3cret-pass")
        #expect(throws: ClubhouseError.usernameTaken("ANA")) {
            try app.register(username: "ANA", password: "s3cret-pass")
        }
        #expect(throws: ClubhouseError.wrongCredentials) { try app.signIn(username: "ana", password: "wrong-pass") }
        try app.signIn(username: "ana", password: "s3cret-pass")
        let before = try app.state()
        #expect(throws: ClubhouseError.self) { try app.open("players/99") }
        #expect(throws: ClubhouseError.self) { try app.open("no such screen") }
        #expect(try app.state() == before)

        #expect(throws: StorageError.noPath) { try ClubhouseApp(path: "") }
        let notOurs = try TemporaryFile()
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: notOurs.path))
        #expect(throws: StorageError.notClubhouseDatabase(path: notOurs.path)) { try ClubhouseApp(path: notOurs.path) }
    }

    @Test func anotherValuesChangeIsObservedWithinOneSecond() throws {
        let file = try TemporaryFile()
        let watcher = try registered(in: file)
        let other = try ClubhouseApp(path: file.path)

        let seen = Mailbox()
        let observation = watcher.observeChanges(every: .milliseconds(100)) { seen.put($0) }
        defer { observation.cancel() }
        try other.select(.library)

        // The promise to a long-lived client: another process's change is known within a second.
        let outcome = try #require(seen.take(within: 1), "no change reported within one second").get()
        guard case .main(_, let state, let content) = outcome.view else {
            Issue.record("expected the signed-in user's view, got \(outcome.view)")
            return
        }
        #expect(state.selectedTab == .library)
        if case .bookList = content {} else { Issue.record("expected the library's content, got \(content)") }
        // The watcher's next command acts on the state the other value left.
        #expect(try watcher.back().view == (try other.look().view))
    }

    @Test func commitsAreReportedWithoutAnOutcome() throws {
        let file = try TemporaryFile()
        let watcher = try registered(in: file)
        let other = try ClubhouseApp(path: file.path)

        let seen = Mailbox()
        let observation = watcher.observeCommits(every: .milliseconds(20)) { result in
            seen.put(result.flatMap { Result { try watcher.look() } })
        }
        defer { observation.cancel() }
        // The watcher's own command is not reported; the other value's is.
        try watcher.select(.players)
        #expect(seen.take(within: 0.3) == nil)
        try other.select(.library)
        let outcome = try #require(seen.take(within: 2), "no commit reported").get()
        guard case .main(_, let state, _) = outcome.view else {
            Issue.record("expected the signed-in user's view, got \(outcome.view)")
            return
        }
        #expect(state.selectedTab == .library)
    }

    @Test func changesAreAnAsyncSequence() async throws {
        let file = try TemporaryFile()
        let watcher = try registered(in: file)
        let changes = watcher.changes(every: .milliseconds(50))
        try ClubhouseApp(path: file.path).open("players/new")
        // No deadline worth asserting here: a test run keeps the concurrency pool busy.
        let outcome = try #require(try await firstElement(of: changes, within: .seconds(60)))
        #expect(outcome == (try watcher.look()))
    }

    @Test func ownChangesAreNotReportedAsSomeoneElses() throws {
        let file = try TemporaryFile()
        let app = try registered(in: file)
        let seen = Mailbox()
        let observation = app.observeChanges(every: .milliseconds(20)) { seen.put($0) }
        defer { observation.cancel() }
        try app.select(.library)
        try app.select(.players)
        #expect(seen.take(within: 0.5) == nil)
    }

    @Test func aTamperedFileStillOpensWithWarnings() throws {
        let file = try TemporaryFile()
        let app = try registered(in: file)
        try app.open("players/new")
        try sqlite3(
            file.path,
            "UPDATE navigation_state SET stacks = '{\"players\": [{\"path\": 42}]}', selected_tab = 'nowhere'")

        let reopened = try ClubhouseApp(path: file.path)
        let outcome = try reopened.look()
        #expect(!outcome.warnings.isEmpty)
        guard case .main(_, let state, _) = outcome.view else {
            Issue.record("still signed in after tampering, expected; got \(outcome.view)")
            return
        }
        #expect(state.selectedTab == .home)
        // The next change saves the repaired state, and the warnings are not repeated.
        try reopened.select(.players)
        #expect(try reopened.look().warnings.isEmpty)
        #expect(try ClubhouseApp.check(try .init(path: file.path)).problems.isEmpty)
    }

    @Test func anAppInMemoryLeavesNothingBehind() throws {
        let app = try ClubhouseApp.inMemory()
        #expect(app.isInMemory)
        try app.register(username: "kai", password: "s3cret-pass")
        try app.signIn(username: "kai", password: "s3cret-pass")
        #expect(try app.select(.questions).view != (try ClubhouseApp.inMemory().look().view))
    }

    @Test func backupAndCheckThroughTheLibrary() throws {
        let file = try TemporaryFile()
        _ = try registered(in: file, signingIn: false)
        let copy = try TemporaryFile()
        let report = try ClubhouseApp.backup(try .init(path: file.path), to: try .init(path: copy.path))
        #expect(report.version == ClubhouseApp.schemaVersion)
        #expect(report.bytes > 0)
        let check = try ClubhouseApp.check(try .init(path: copy.path))
        #expect(check.problems.isEmpty)
        #expect(check.version == ClubhouseApp.schemaVersion)
        #expect(throws: StorageError.self) {
            try ClubhouseApp.backup(try .init(path: file.path), to: try .init(path: copy.path))
        }
    }
}

/// The first element `sequence` gives within `limit`, or nil.
private func firstElement(
    of sequence: AsyncThrowingStream<Outcome, any Error>, within limit: Duration
) async throws -> Outcome? {
    try await withThrowingTaskGroup(of: Outcome?.self) { group in
        group.addTask {
            for try await element in sequence { return element }
            return nil
        }
        group.addTask {
            try await Task.sleep(for: limit)
            return nil
        }
        let first = try await group.next() ?? nil
        group.cancelAll()
        return first
    }
}
