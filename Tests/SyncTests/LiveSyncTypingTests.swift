import Clubhouse
import ClubhouseSync
import ClubhouseTestSupport
import Foundation
import Testing

/// Typing in a form while live: each key is saved in the form's draft (its own commit), and live
/// sync sees each commit. A draft changes no synced record and the server poked nobody: keys must
/// not cost requests each (at a person's pace, slower than the 100 ms push delay, each used to cost
/// a pull and a handoff; found by the hostile pass on issue 28).
@Suite("Live sync while typing", .heavy) struct LiveSyncTypingTests {
    @Test("twelve keys typed at about four a second cost a few requests, not one or two per key")
    func typingCostsNoRequestPerKey() async throws {
        let server = try await TestSyncServer.start(live: true)
        let a = try await Device.make("A", username: "live-typing", server: server, register: true)
        let liveA = LiveRun(a)
        defer { liveA.stop() }
        try await liveA.until { $0 == .synced }
        try a.app.open("players/new")
        // The open's own sync is over before counting starts.
        try await Task.sleep(for: .seconds(1))
        let before = try await Self.requests(server)
        var name = ""
        for letter in "TypingSlowly" {
            name.append(letter)
            try a.app.type([("name", name)])
            try await Task.sleep(for: .milliseconds(250))
        }
        try await Task.sleep(for: .seconds(1))
        let after = try await Self.requests(server)
        let spent = after.total - before.total
        #expect(
            spent <= 6,
            "12 keys cost \(spent) requests: pulls \(after.pulls - before.pulls), handoffs \(after.handoffs - before.handoffs)"
        )
    }

    /// The server's count of sync requests so far (its /metrics), by kind.
    private static func requests(_ server: TestSyncServer) async throws -> (pulls: Int, handoffs: Int, total: Int) {
        let text = try await server.call(.get, "/metrics").text
        func count(_ method: String, _ route: String) -> Int {
            text.split(separator: "\n").filter {
                $0.hasPrefix("clubhouse_http_requests_total{") && $0.contains("method=\"\(method)\"")
                    && $0.contains("route=\"\(route)\"")
            }.reduce(0) { $0 + Int(Double($1.split(separator: " ").last ?? "0") ?? 0) }
        }
        let pulls = count("GET", "/v1/sync/changes")
        let handoffs = count("PUT", "/v1/sync/handoff")
        return (pulls, handoffs, pulls + handoffs + count("POST", "/v1/sync/push"))
    }
}
