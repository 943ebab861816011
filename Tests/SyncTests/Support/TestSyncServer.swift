import ClubhouseServerTestSupport
import ClubhouseSyncWire
import Foundation
import Hummingbird

#if canImport(Glibc)
    import Glibc
#endif

/// The built `clubhouse-server` as a process, on a fresh database of the shared throwaway
/// PostgreSQL cluster: what the devices sync with. It can be killed (SIGKILL) and started again on
/// the same port and database, as an operator's server crashes and comes back.
final class TestSyncServer: @unchecked Sendable {
    static let password = "correct horse"

    let database: TestDatabase
    private(set) var process: ServerProcess
    let port: Int

    var url: String { "http://127.0.0.1:\(port)" }

    private init(database: TestDatabase, process: ServerProcess) {
        self.database = database
        self.process = process
        self.port = process.port
    }

    static func start() async throws -> TestSyncServer {
        let database = try await PostgresCluster.shared().createDatabase()
        let process = try await ServerProcess.serving(database.url)
        return TestSyncServer(database: database, process: process)
    }

    /// SIGKILL: whatever it was doing is cut off.
    func kill() async throws {
        process.signal(SIGKILL)
        _ = try await process.wait(atMost: 30)
    }

    /// Starts it again on the same port (the devices keep its address) and database.
    func restart() async throws {
        if process.poll() == nil { try await kill() }
        process = try await ServerProcess.serving(database.url, ["--port", String(port)])
    }

    /// Creates the account on the server (at the CLI's password cost: a second or so).
    func register(_ username: String) async throws {
        let body = #"{"username":"\#(username)","password":"\#(Self.password)"}"#
        let reply = try await process.call(.post, "/v1/accounts", json: body)
        guard reply.status == .created else { throw ClusterError("register \(username): \(reply.text)") }
    }

    /// A bearer token of the account, as a script using the REST API gets one.
    func token(_ username: String) async throws -> String {
        let body = #"{"username":"\#(username)","password":"\#(Self.password)"}"#
        let reply = try await process.call(.post, "/v1/sessions", json: body)
        guard let token = reply["token"] as? String else { throw ClusterError("sign in \(username): \(reply.text)") }
        return token
    }

    /// Raw JSON to the sync API (what a device would send), answered as it comes.
    func send(_ method: HTTPRequest.Method, _ path: String, _ body: some Encodable, token: String) async throws -> Reply {
        let json = String(decoding: try JSONEncoder().encode(body), as: UTF8.self)
        return try await process.call(method, path, json: json, token: token)
    }

    /// Every change of the account's log, in order, read from the start as a device that has never
    /// synced reads it (its own notices aside, which a new device id never has).
    func log(token: String) async throws -> [SyncLoggedChange] {
        let reader = UUID().uuidString.lowercased()
        var after: Int64 = 0
        var changes: [SyncLoggedChange] = []
        while true {
            let reply = try await process.call(
                .get, "/v1/sync/changes?device=\(reader)&after=\(after)&limit=1000", token: token)
            guard reply.status == .ok else { throw ClusterError("sync/changes: \(reply.status) \(reply.text)") }
            let page = try JSONDecoder().decode(SyncChangesPage.self, from: reply.body)
            changes += page.changes.compactMap(\.change)
            guard page.more, page.next > after else { return changes }
            after = page.next
        }
    }

    /// The account's records as the server's log makes them.
    func dump(token: String) async throws -> RecordDump {
        var dump = RecordDump()
        for change in try await log(token: token) {
            dump.apply(change.entity, key: change.key, op: change.op, fields: change.fields)
        }
        return dump
    }
}
