import ClubhouseSecurity
import ClubhouseTestSupport
import Foundation
import Testing

/// Issue 42, items 2, 4 and 9: the hashing line held against a flood through one account's own
/// cookie, what a flood of made-up names leaves in `sign_in_failures`, and registration in the
/// same line whether the name is taken or not. One hashing slot at `HashingTurnsTests.cost`, so
/// that queues form; every verdict is about order and counts, never about time.
@Suite("Sign-in fairness", .heavy)
struct SignInFairnessTests {
    typealias Answers = HashingTurnsTests.Answers

    /// One registration on a connection of its own from `source`.
    static func register(port: Int, from source: String, username: String, label: String, into answers: Answers)
        async throws
    {
        let json = #"{"username":"\#(username)","password":"correct horse"}"#
        let connection = try RawConnection(port: port, from: source)
        try connection.send(
            "POST /v1/accounts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(json.utf8.count)\r\nConnection: close\r\n\r\n\(json)")
        guard let text = try await connection.readUntilClosed(within: 120) else {
            throw RawConnectionError("no answer to \(label) within 120 s")
        }
        let status = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        answers.record(label, status, text)
    }

    /// `cost` is `HashingTurnsTests.cost` where queues must form behind each hash.
    static func server(_ database: TestDatabase, cost: ScryptPasswordHasher.Cost = HashingTurnsTests.cost)
        async throws -> LiveServer
    {
        try await LiveServer.start(database) {
            $0.hashCost = cost
            $0.concurrentHashes = 1
            $0.listensForChanges = false
        }
    }

    /// Item 2: one account signs in once for a device cookie, then keeps twelve sign-ins with the
    /// right password and that cookie in flight. A new device of another account and a
    /// registration, each from an address of its own, are answered while the flood goes on (with
    /// known devices always first, they waited until it stopped).
    @Test func oneAccountsFloodThroughItsOwnCookieHoldsNobody() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        let server = try await Self.server(database)
        _ = try await server.token("mallory")
        _ = try await server.token("ana")
        let session = try await server.call(
            .post, "/v1/sessions", json: #"{"username":"mallory","password":"correct horse"}"#)
        let cookie = try #require(session["deviceCookie"] as? String)
        let answers = Answers()
        // The flood stops once both are answered, or after 40 of its sign-ins succeeded (where,
        // known devices going first, the other two used to be answered).
        let over: @Sendable () -> Bool = {
            answers.all.contains { $0.label == "ana" } && answers.all.contains { $0.label == "newcomer" }
                || answers.all.filter { $0.label == "flood" && $0.status == 201 }.count >= 40
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<12 {
                group.addTask {
                    while !over() {
                        try await HashingTurnsTests.signIn(
                            port: server.port, from: "127.0.0.30", username: "mallory", password: "correct horse",
                            cookie: cookie, label: "flood", into: answers)
                        if answers.all.last(where: { $0.label == "flood" })?.status == 429 {
                            try await Task.sleep(for: .milliseconds(50))
                        }
                    }
                }
            }
            try await HashingTurnsTests.until("the flood's first answer") {
                answers.all.contains { $0.label == "flood" }
            }
            group.addTask {
                try await HashingTurnsTests.signIn(
                    port: server.port, from: "127.0.0.31", username: "ana", password: "correct horse", label: "ana",
                    into: answers)
            }
            group.addTask {
                try await Self.register(
                    port: server.port, from: "127.0.0.32", username: "newcomer", label: "newcomer", into: answers)
            }
            try await group.waitForAll()
        }
        let order = answers.all.map { ($0.label, $0.status) }
        #expect(answers.all.first { $0.label == "ana" }?.status == 201, "\(order)")
        #expect(answers.all.first { $0.label == "newcomer" }?.status == 201, "\(order)")
        #expect(answers.count("flood", 201, after: "ana") >= 1, "ana waited for the flood to end: \(order)")
        #expect(answers.count("flood", 201, after: "newcomer") >= 1, "the registration waited: \(order)")
        // The account's share of places is four, whatever it sends.
        #expect(answers.count(429) > 0, "\(order)")
        try await server.stop()
    }

    /// Item 4: thirty sign-ins with made-up names at once from one client. Those refused a place
    /// in line (429) counted nothing; each one given a turn left one row (it was thirty).
    @Test func signInsRefusedAPlaceWriteNothing() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        let server = try await Self.server(database)
        let answers = Answers()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<30 {
                group.addTask {
                    try await HashingTurnsTests.signIn(
                        port: server.port, from: "127.0.0.40", username: "ghost\(index)", password: "wrong password",
                        label: "flood", into: answers)
                }
            }
            try await group.waitForAll()
        }
        #expect(answers.count(429) > 0)
        #expect(answers.count(429) + answers.count(401) == 30)
        let rows = try await database.values("SELECT count(*)::text FROM sign_in_failures")
        #expect(rows == [String(answers.count(401))], "\(answers.count(401)) answered 401")
        try await server.stop()
    }

    /// Item 4: names whose time is over are forgotten as others are counted, whoever tried them:
    /// an hour after the last wait for a name never slowed, a day for one that was; an attempt
    /// refused for its wait writes nothing.
    @Test func failuresOfNamesWhoseTimeIsOverAreForgotten() async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        // One sign-in at a time, so no queue forms: the cheap cost (33 hashes at the queueing
        // cost took 141 s of a debug build).
        let server = try await Self.server(database, cost: .testing)
        try await database.execute(
            """
            INSERT INTO sign_in_failures (username_key, failures, next_attempt_at)
            SELECT 'old' || n, 1, now() - interval '2 hours' FROM generate_series(1, 40) AS n;
            INSERT INTO sign_in_failures (username_key, failures, next_attempt_at)
            SELECT 'slowed' || n, 9, now() - interval '2 days' FROM generate_series(1, 10) AS n;
            INSERT INTO sign_in_failures (username_key, failures, next_attempt_at)
            VALUES ('recent', 1, now() - interval '10 minutes'), ('slowedrecently', 9, now() - interval '2 hours'),
                ('waiting', 9, now() + interval '1 hour')
            """)
        // An attempt refused for its wait (429) writes nothing, not even the forgetting.
        for _ in 0..<3 {
            let reply = try await server.call(
                .post, "/v1/sessions", json: #"{"username":"waiting","password":"wrong password"}"#)
            #expect(reply.status == .tooManyRequests, "\(reply.text)")
        }
        #expect(try await database.values("SELECT count(*)::text FROM sign_in_failures") == ["53"])
        for index in 0..<30 {
            let reply = try await server.call(
                .post, "/v1/sessions", json: #"{"username":"new\#(index)","password":"wrong password"}"#)
            #expect(reply.status == .unauthorized, "\(reply.text)")
        }
        let kept = try await database.values("SELECT username_key FROM sign_in_failures ORDER BY username_key")
        let expected = (0..<30).map { "new\($0)" } + ["recent", "slowedrecently", "waiting"]
        #expect(kept.compactMap { $0 }.sorted() == expected.sorted())
        try await server.stop()
    }

    /// Item 9: registrations of a taken name wait in the hashing line as any other (they were
    /// answered at once, 200 in 0.6 s): past the client's share they are refused as sign-ins are.
    /// Item 10: so do those of a name that looks like it (Greek ΑΝΑ), refused only after a hash
    /// as well: a look-alike tells no sooner than a taken name.
    @Test(arguments: ["ana", "\u{0391}\u{039D}\u{0391}"])
    func registeringATakenNameIsThrottledWithSignIns(_ name: String) async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        let server = try await Self.server(database)
        _ = try await server.token("ana")
        let answers = Answers()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<30 {
                group.addTask {
                    try await Self.register(
                        port: server.port, from: "127.0.0.50", username: name, label: "probe", into: answers)
                }
            }
            try await group.waitForAll()
        }
        #expect(answers.all.allSatisfy { [409, 429].contains($0.status) }, "\(answers.all.map(\.status))")
        #expect(answers.count(429) > 0, "no registration of a taken name waited for a hash")
        #expect(answers.all.filter { $0.status == 429 }.allSatisfy { $0.text.contains("too_many_sign_ins") })
        try await server.stop()
    }
}
