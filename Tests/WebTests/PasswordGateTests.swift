import ClubhousePeers
import Foundation
import NIOCore
import Testing

@testable import ClubhouseWeb

/// The password gate takes turns round the addresses waiting: one client flooding it waits behind
/// its own checks (with 20 wrong guesses in flight the right password of another waited 96 s),
/// however many visitor cookies it makes.
@Suite struct PasswordGateTests {
    /// A client at `host` (an IPv4 or IPv6 literal), as a connection's peer gives it.
    static func from(_ host: String) -> ClientAddress {
        ClientAddress(try! SocketAddress(ipAddress: host, port: 50_000))
    }

    static let flood = from("10.0.0.1")
    static let owner = from("10.0.0.2")

    /// A check that waits until the test lets it finish, and says when it began.
    final class Held: @unchecked Sendable {
        private let lock = NSLock()
        private var started: [String] = []
        private var releases: [String: CheckedContinuation<Void, Never>] = [:]

        var order: [String] { lock.withLock { started } }

        func check(_ name: String) async -> String {
            await withCheckedContinuation { continuation in
                lock.withLock {
                    started.append(name)
                    releases[name] = continuation
                }
            }
            return name
        }

        /// Lets `name` finish once it has begun (a check that never begins is recorded, not
        /// waited for for ever).
        func release(_ name: String) async {
            for _ in 0..<1_000_000 {
                if let continuation = lock.withLock({ releases.removeValue(forKey: name) }) {
                    continuation.resume()
                    return
                }
                await Task.yield()
            }
            Issue.record("\(name) never began")
        }
    }

    static func waitUntil(_ gate: PasswordGate, waiting count: Int) async {
        for _ in 0..<1_000_000 where await gate.waitingCount != count { await Task.yield() }
        #expect(await gate.waitingCount == count)
    }

    static func waitUntil(_ held: Held, began: [String]) async {
        for _ in 0..<1_000_000 where held.order != began { await Task.yield() }
        #expect(held.order == began)
    }

    @Test func turnsGoRoundTheBrowsersAndAFloodIsRefusedAtOnce() async throws {
        let gate = PasswordGate()
        let held = Held()
        let a1 = Task {
            try await gate.run(visitor: "flood", from: Self.flood, { await held.check("a1") }, refused: { _ in false })
        }
        await Self.waitUntil(held, began: ["a1"])
        let a2 = Task {
            try await gate.run(visitor: "flood", from: Self.flood, { await held.check("a2") }, refused: { _ in false })
        }
        await Self.waitUntil(gate, waiting: 1)
        // A third from the same browser is refused at once.
        await #expect(throws: PasswordGate.Full.self) {
            try await gate.run(visitor: "flood", from: Self.flood, { "a3" }, refused: { _ in false })
        }
        let b1 = Task {
            try await gate.run(visitor: "owner", from: Self.owner, { await held.check("b1") }, refused: { _ in false })
        }
        await Self.waitUntil(gate, waiting: 2)
        await held.release("a1")
        #expect(try await a1.value == "a1")
        // a2 was in line before the owner; a4, asked once a1 had its answer, goes behind the owner.
        let a4 = Task {
            try await gate.run(visitor: "flood", from: Self.flood, { await held.check("a4") }, refused: { _ in false })
        }
        await Self.waitUntil(gate, waiting: 2)
        await held.release("a2")
        #expect(try await a2.value == "a2")
        await held.release("b1")
        #expect(try await b1.value == "b1")
        await held.release("a4")
        #expect(try await a4.value == "a4")
        #expect(held.order == ["a1", "a2", "b1", "a4"])
    }

    @Test func atMostSoManyWaitInAll() async throws {
        let gate = PasswordGate()
        let held = Held()
        let first = Task {
            try await gate.run(
                visitor: "v0", from: Self.from("10.1.0.0"), { await held.check("v0") }, refused: { _ in false })
        }
        await Self.waitUntil(held, began: ["v0"])
        var waiting: [Task<String, any Error>] = []
        for index in 1...PasswordGate.waitingLimit {
            waiting.append(
                Task {
                    try await gate.run(
                        visitor: "v\(index)", from: Self.from("10.1.0.\(index)"), { await held.check("v\(index)") },
                        refused: { _ in false })
                }
            )
            await Self.waitUntil(gate, waiting: index)
        }
        await #expect(throws: PasswordGate.Full.self) {
            try await gate.run(visitor: "one more", from: Self.from("10.2.0.1"), { "x" }, refused: { _ in false })
        }
        await held.release("v0")
        _ = try await first.value
        for index in 1...PasswordGate.waitingLimit {
            await held.release("v\(index)")
            _ = try await waiting[index - 1].value
        }
        #expect(await gate.waitingCount == 0)
    }

    /// A visitor cookie costs nothing: a script that makes one per sign-in is still one address,
    /// and holds at most `perAddress` places, while another address's browser goes next.
    @Test func freshCookiesFromOneAddressHoldOnlyItsShare() async throws {
        let gate = PasswordGate()
        let held = Held()
        var floods: [Task<String, any Error>] = []
        for index in 0..<PasswordGate.perAddress {
            floods.append(
                Task {
                    try await gate.run(
                        visitor: "minted\(index)", from: Self.flood, { await held.check("f\(index)") },
                        refused: { _ in false })
                })
            if index == 0 {
                await Self.waitUntil(held, began: ["f0"])
            } else {
                await Self.waitUntil(gate, waiting: index)
            }
        }
        await #expect(throws: PasswordGate.Full.self) {
            try await gate.run(visitor: "minted-more", from: Self.flood, { "f" }, refused: { _ in false })
        }
        // One /64 is one client, whichever of its addresses a host takes.
        let v6 = Self.from("2001:db8:1:2::10")
        #expect(v6 == Self.from("2001:db8:1:2:ffff::1"))
        #expect(v6 != Self.from("2001:db8:1:3::10"))
        // An IPv4 client of a dual-stack listener is its IPv4 address, not the /64 of them all.
        #expect(Self.from("::ffff:10.0.0.1") == Self.flood)
        #expect(Self.from("::ffff:10.0.0.2") != Self.flood)

        let owner = Task {
            try await gate.run(
                visitor: "owner", from: Self.owner, { await held.check("owner") }, refused: { _ in false })
        }
        await Self.waitUntil(gate, waiting: PasswordGate.perAddress)
        // The flood's next check was in line before the owner; then the owner's address goes,
        // before the flood's two others.
        await held.release("f0")
        await Self.waitUntil(held, began: ["f0", "f1"])
        await held.release("f1")
        await Self.waitUntil(held, began: ["f0", "f1", "owner"])
        await held.release("owner")
        #expect(try await owner.value == "owner")
        for index in 2..<PasswordGate.perAddress { await held.release("f\(index)") }
        for flood in floods { _ = try await flood.value }
        #expect(held.order == ["f0", "f1", "owner", "f2", "f3"])
        #expect(await gate.waitingCount == 0)
    }
}
