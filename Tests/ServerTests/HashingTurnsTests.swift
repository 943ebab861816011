import ClubhouseSecurity
import ClubhouseServer
import ClubhouseTestSupport
import Foundation
import Synchronization
import Testing

/// Issue 29, case 3: hashing is the one costly thing an anonymous request makes the server do, and
/// with one queue in arrival order 60 sign-ins for names that do not exist made a real one wait
/// 27 s. Clients (by address: 127/8 is all loopback, so each test client connects from its own)
/// now take turns, a known device goes first, and the queue is bounded. Real concurrency, one
/// hashing slot at a cost that takes a noticeable while, so that queues form.
@Suite("Hashing turns", .heavy)
struct HashingTurnsTests {
    /// A quarter of a second or so a hash (64 MiB, one at a time): long enough that a test's own
    /// request, sent once the queue is seen full, arrives while strangers still wait, however
    /// loaded the machine (at a sixteenth of this a CI run saw several answered before it arrived).
    static let cost = ScryptPasswordHasher.Cost(logN: 16, blockSize: 8, parallelism: 1)

    /// Answers in the order they arrive.
    final class Answers: Sendable {
        private let answers = Mutex<[(label: String, status: Int, text: String)]>([])

        func record(_ label: String, _ status: Int, _ text: String) {
            answers.withLock { $0.append((label, status, text)) }
        }

        var all: [(label: String, status: Int, text: String)] { answers.withLock { $0 } }

        func count(_ status: Int) -> Int { all.filter { $0.status == status }.count }

        /// How many answers labelled `label` with `status` came after the first labelled `after`.
        func count(_ label: String, _ status: Int, after: String) -> Int {
            let all = all
            guard let index = all.firstIndex(where: { $0.label == after }) else { return 0 }
            return all[(index + 1)...].filter { $0.label == label && $0.status == status }.count
        }
    }

    /// One sign-in on a connection of its own from `source`.
    static func signIn(
        port: Int, from source: String, username: String, password: String, cookie: String? = nil,
        label: String, into answers: Answers
    ) async throws {
        let json =
            #"{"username":"\#(username)","password":"\#(password)""#
            + (cookie.map { #","deviceCookie":"\#($0)""# } ?? "") + "}"
        let connection = try RawConnection(port: port, from: source)
        try connection.send(
            "POST /v1/sessions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(json.utf8.count)\r\nConnection: close\r\n\r\n\(json)")
        guard let text = try await connection.readUntilClosed(within: 120) else {
            throw RawConnectionError("no answer to \(label) within 120 s")
        }
        let status = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        answers.record(label, status, text)
    }

    static func until(_ what: String, _ condition: () -> Bool) async throws {
        let end = Date().addingTimeInterval(60)
        while !condition() {
            guard Date() < end else { throw RawConnectionError("\(what): not within 60 s") }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Thirty sign-ins for names that do not exist from one client: four wait, the others are
    /// 429 at once, and a real sign-in from another client is answered in its turn, before the
    /// flood's waiting ones.
    @Test func aFloodFromOneClientWaitsBehindNobody() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        let server = try await LiveServer.start(database) {
            $0.hashCost = Self.cost
            $0.concurrentHashes = 1
            $0.listensForChanges = false
        }
        _ = try await server.token("ana")
        let answers = Answers()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<30 {
                group.addTask {
                    try await Self.signIn(
                        port: server.port, from: "127.0.0.2", username: "ghost\(index)", password: "wrong password",
                        label: "flood", into: answers)
                }
            }
            try await Self.until("a sign-in of the flood refused") { answers.count(429) > 0 }
            group.addTask {
                try await Self.signIn(
                    port: server.port, from: "127.0.0.3", username: "ana", password: "correct horse", label: "ana",
                    into: answers)
            }
            try await group.waitForAll()
        }
        let flood = answers.all.filter { $0.label == "flood" }
        #expect(flood.allSatisfy { [401, 429].contains($0.status) })
        #expect(flood.filter { $0.status == 429 }.allSatisfy { $0.text.contains(#""code":"too_many_sign_ins""#) })
        #expect(flood.filter { $0.status == 429 }.allSatisfy { $0.text.lowercased().contains("retry-after: 1\r\n") })
        #expect(answers.all.first { $0.label == "ana" }?.status == 201)
        #expect(answers.count("flood", 401, after: "ana") >= 1, "the real sign-in waited behind the whole flood")
        try await server.stop()
    }

    /// A flood from several clients fills the queue (past it: 503 with Retry-After), and a
    /// device that signed in before is answered next, ahead of every waiting stranger.
    @Test func aKnownDeviceGoesFirstAndTheQueueIsBounded() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        let server = try await LiveServer.start(database) {
            $0.hashCost = Self.cost
            $0.concurrentHashes = 1
            $0.hashesWaiting = 8
            $0.listensForChanges = false
        }
        _ = try await server.token("ana")
        let session = try await server.call(
            .post, "/v1/sessions", json: #"{"username":"ana","password":"correct horse"}"#)
        let cookie = try #require(session["deviceCookie"] as? String)
        let answers = Answers()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for client in 0..<4 {
                for index in 0..<5 {
                    group.addTask {
                        try await Self.signIn(
                            port: server.port, from: "127.0.0.\(10 + client)", username: "ghost\(client)-\(index)",
                            password: "wrong password", label: "flood", into: answers)
                    }
                }
            }
            try await Self.until("a sign-in refused as the queue is full") { answers.count(503) > 0 }
            group.addTask {
                try await Self.signIn(
                    port: server.port, from: "127.0.0.20", username: "ana", password: "correct horse", cookie: cookie,
                    label: "ana", into: answers)
            }
            try await group.waitForAll()
        }
        let busy = answers.all.filter { $0.status == 503 }
        #expect(
            busy.allSatisfy { $0.text.contains(#""code":"busy""#) && $0.text.lowercased().contains("retry-after: ") })
        #expect(answers.all.first { $0.label == "ana" }?.status == 201)
        // In arrival order it would be answered after every waiting stranger (none after it); it
        // goes first, so most of them come after it (the few hashed before it arrived aside).
        let strangers = answers.all.filter { $0.label == "flood" && $0.status == 401 }.count
        #expect(
            answers.count("flood", 401, after: "ana") >= strangers / 2, "\(answers.all.map { ($0.label, $0.status) })")
        try await server.stop()
    }
}
