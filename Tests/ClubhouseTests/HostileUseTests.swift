import Clubhouse
import Foundation
import Testing

/// What an embedding app may get wrong, on purpose or not, and what the library does about it:
/// a clean, typed error, never a crash, a hang, another user's data or a write to the wrong file.
@Suite struct HostileUseTests {
    private func signedIn(_ file: TemporaryFile, as name: String = "ana") throws -> ClubhouseApp {
        try registered(name, in: file)
    }

    @Test func playerRowsKeptPastTheirReadAreRefused() throws {
        let file = try TemporaryFile()
        let app = try signedIn(file)
        try app.perform(Command(link: Link("players/new"), .submit([("name", "Kai")], discardingDraft: false)))
        guard case .main(_, _, .playerList(let model)) = try app.look().view else {
            Issue.record("expected the players list")
            return
        }
        #expect(try app.readPlayers(model) { try $0.count() } == 1)
        let kept = try app.readPlayers(model) { $0 }
        #expect(throws: ClubhouseError.self) { try kept.count() }
        #expect(throws: ClubhouseError.self) { try kept.forEach { _ in } }
    }

    @Test func aCallBackIntoTheAppFromInsideOneOfItsCallsIsRefused() throws {
        let file = try TemporaryFile()
        let app = try signedIn(file)
        guard case .main(_, _, let content) = try app.open("players").view, case .playerList(let model) = content
        else {
            Issue.record("expected the players list")
            return
        }
        #expect(throws: ClubhouseError.self) { try app.readPlayers(model) { _ in try app.look() } }
        let csv = BookCSVReader(bytes: Array("isbn,title\n0-441-01359-7,Dune\n".utf8))
        let reentered = Mailbox()
        try app.perform(
            Command(
                .importBooks(
                    csv,
                    progress: { _ in
                        reentered.put(Result { try app.look() })
                    })))
        guard case .failure(let error) = try #require(reentered.take(within: 0)) else {
            Issue.record("a look from inside the import's progress was not refused")
            return
        }
        #expect(error is ClubhouseError)
        // The app is still usable once the call has returned.
        #expect(try app.readBooks(page: 1).items.map(\.title) == ["Dune"])
    }

    @Test func onlyTheSignedInUsersListsAreRead() throws {
        let file = try TemporaryFile()
        let ana = try signedIn(file)
        try ana.perform(Command(link: Link("players/new"), .submit([("name", "Secret")], discardingDraft: false)))
        try ana.perform(
            Command(
                link: Link("books/new"),
                .submit([("isbn", "0-441-01359-7"), ("title", "Dune")], discardingDraft: false)))
        guard case .main(let user, _, _) = try ana.look().view else { return }

        // Another value on the file signs ana out and bob in; ana's value has not looked since.
        let other = try ClubhouseApp(path: file.path)
        try other.signOut()
        #expect(throws: ClubhouseError.notSignedIn) { try ana.readBooks(page: 1) }
        #expect(throws: ClubhouseError.notSignedIn) {
            try ana.readPlayers(PlayerListViewModel(owner: user.id)) { try $0.count() }
        }
        try other.register(username: "bob", password: "s3cret-pass")
        try other.signIn(username: "bob", password: "s3cret-pass")
        #expect(try ana.readBooks(page: 1).items.isEmpty)
        #expect(try ana.readQuestions(page: 1).items.isEmpty)
        #expect(throws: ClubhouseError.self) {
            try ana.readPlayers(PlayerListViewModel(owner: user.id)) { try $0.count() }
        }
    }

    @Test func backupsAtOnceEachCopyTheirOwnDatabase() throws {
        let folder = try TemporaryFile()
        let sources = try (0..<4).map { index in
            let file = try TemporaryFile()
            _ = try signedIn(file, as: "user\(index)")
            return file
        }
        let failures = Mailbox()
        let paths = sources.map(\.path)
        let target = folder.folder
        DispatchQueue.concurrentPerform(iterations: 12) { index in
            let copy = target + "/copy-\(index).sqlite"
            failures.put(
                Result {
                    _ = try ClubhouseApp.backup(try .init(path: paths[index % paths.count]), to: try .init(path: copy))
                    let restored = try ClubhouseApp(path: copy)
                    guard try restored.signedInUser()?.username == "user\(index % paths.count)" else {
                        throw ClubhouseError.invalidInput("copy \(index) holds another database")
                    }
                    return try restored.look()
                })
        }
        for _ in 0..<12 {
            if case .failure(let error) = try #require(failures.take(within: 60)) { Issue.record("\(error)") }
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.folder).filter {
            $0.hasSuffix(".partial")
        }
        #expect(left.isEmpty)
    }

    @Test func aFileDeletedOrReplacedWhileOpenIsNoticed() throws {
        let file = try TemporaryFile()
        let app = try signedIn(file)
        let mailbox = Mailbox()
        let observation = app.observeChanges(every: .milliseconds(20)) { mailbox.put($0) }
        defer { observation.cancel() }

        let replacement = try TemporaryFile()
        _ = try signedIn(replacement, as: "mallory")
        #expect(rename(replacement.path, file.path) == 0)
        #expect(throws: StorageError.moved(path: file.path)) { try app.select(.library) }
        #expect(throws: StorageError.moved(path: file.path)) { try app.look() }
        guard case .failure(let error) = try #require(mailbox.take(within: 10)) else {
            Issue.record("the observation reported an outcome of a file that is not its own")
            return
        }
        #expect(error as? StorageError == .moved(path: file.path))
        // The file at the path now is mallory's, untouched by ana's app.
        #expect(try ClubhouseApp(path: file.path).signedInUser()?.username == "mallory")
    }

    @Test func aReleasedObservationStopsItsThread() throws {
        let file = try TemporaryFile()
        let app = try signedIn(file)
        let before = threads()
        for _ in 0..<20 {
            _ = app.observeChanges(every: .milliseconds(10)) { _ in }
        }
        var stream: AsyncThrowingStream<Outcome, any Error>? = app.changes(every: .milliseconds(10))
        _ = stream
        stream = nil
        // Each thread sees its cancellation within a tenth of a second.
        let deadline = Date().addingTimeInterval(10)
        while threads() > before, Date() < deadline { usleep(20_000) }
        #expect(threads() <= before)
    }

    @Test func aPathWithANULIsRefusedNotCutShort() throws {
        let file = try TemporaryFile()
        #expect(throws: StorageError.self) { try ClubhouseApp(path: file.folder + "/nul\u{0}suffix.sqlite") }
        #expect(!FileManager.default.fileExists(atPath: file.folder + "/nul"))
        #expect(throws: StorageError.self) {
            try ClubhouseApp.Location.resolve(explicit: nil, environment: ["CLUBHOUSE_DB": "/tmp/a\u{0}b"])
        }
    }

    @Test func aHugeLinkGivesAShortMessage() throws {
        let app = try ClubhouseApp.inMemory()
        do {
            try app.open(String(repeating: "x", count: 1_000_000))
            Issue.record("a million x's opened")
        } catch let error as ClubhouseError {
            #expect(error.message.count < 200)
        }
    }
    /// A source that claims more bytes than it was offered (or fewer than none) is the embedding
    /// app's mistake: the import throws misuse and rolls back; the app is not brought down.
    @Test(arguments: [Int.max, -1])
    func aSourceThatLiesAboutItsCountIsRefused(_ claimed: Int) throws {
        let file = try TemporaryFile()
        let app = try signedIn(file)
        var sent = false
        let csv = BookCSVReader { buffer in
            if sent { return claimed }
            sent = true
            let header = Array("isbn,title\n0-441-01359-7,Dune\n".utf8)
            buffer.copyBytes(from: header)
            return header.count
        }
        #expect {
            try app.perform(Command(.importBooks(csv, progress: nil)))
        } throws: { error in
            guard case ClubhouseError.misuse(let what) = error else { return false }
            return what.contains("a BookCSVReader source said it read")
        }
        #expect(try app.readBooks(page: 1).items.isEmpty)
    }
}

/// How many threads this process runs.
private func threads() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
}
