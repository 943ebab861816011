import ClubhouseSyncWire
import ClubhouseWireTestSupport
import Foundation
import Hummingbird

/// One device of an account, speaking the sync endpoints through the in-process server with the
/// wire module's types (as the device side does).
struct SyncDevice: Sendable {
    let api: API
    let token: String
    let id: UUID
    /// The pull cursor: what this device has seen.
    var cursor: Int64 = 0

    init(_ api: API, token: String, id: UUID = UUID()) {
        self.api = api
        self.token = token
        self.id = id
    }

    static let encoder = JSONEncoder()

    /// Pushes `changes`; the raw reply (for error cases).
    func pushReply(_ changes: [SyncChange]) async throws -> Reply {
        let body = try Self.encoder.encode(SyncPushRequest(device: id, changes: changes))
        return try await api.call(.post, "/v1/sync/push", json: String(decoding: body, as: UTF8.self), token: token)
    }

    /// Pushes `changes` and returns their results, which must come back one per change in order.
    func push(_ changes: [SyncChange]) async throws -> [SyncResult] {
        let reply = try await pushReply(changes)
        guard reply.status == .ok else { throw ClusterError("push: \(reply.status) \(reply.text)") }
        let response = try JSONDecoder().decode(SyncPushResponse.self, from: reply.body)
        guard response.results.map(\.id) == changes.map(\.id) else { throw ClusterError("results out of order") }
        return response.results
    }

    /// One change pushed alone.
    func push(_ change: SyncChange) async throws -> SyncResult {
        try await push([change])[0]
    }

    /// The wire version this device says when it pulls, as a device of this release does; nil
    /// for a device of a release before wire versions (0.9.0).
    var wire: Int? = SyncWireVersion.current

    func pullPage(after: Int64, limit: Int? = nil) async throws -> SyncChangesPage {
        var path = "/v1/sync/changes?device=\(id.uuidString.lowercased())&after=\(after)"
        if let limit { path += "&limit=\(limit)" }
        if let wire { path += "&wire=\(wire)" }
        let reply = try await api.call(.get, path, token: token)
        guard reply.status == .ok else { throw ClusterError("pull: \(reply.status) \(reply.text)") }
        return try JSONDecoder().decode(SyncChangesPage.self, from: reply.body)
    }

    /// Every entry after the cursor, page by page; moves the cursor.
    mutating func pull() async throws -> [SyncLogEntry] {
        var entries: [SyncLogEntry] = []
        while true {
            let page = try await pullPage(after: cursor)
            entries += page.changes
            cursor = page.next
            if !page.more { return entries }
        }
    }

    /// A change made now on this device, based on what it has seen.
    func change(
        _ entity: SyncEntity, _ key: String, _ op: SyncOp = .put, _ fields: SyncFields = [:], id: UUID = UUID()
    ) -> SyncChange {
        SyncChange(id: id, entity: entity, key: key, op: op, fields: fields, base: cursor, madeAt: 1_764_000_000_000)
    }
}

/// Records to push.
enum SyncSamples {
    static func player(_ name: String, age: Int? = nil) -> SyncFields {
        SyncPlayerFields(name: name, age: age).fields
    }

    static func book(_ title: String, author: String? = nil) -> SyncFields {
        SyncBookFields(title: title, author: author).fields
    }

    static func gather(startedAt: Int64 = 1_764_000_000_000, a: [SyncSeat], b: [SyncSeat]) -> SyncFields {
        SyncGatherFields(startedAt: startedAt, teams: SyncTeams(a: a, b: b)).fields
    }

    static func seat(_ name: String, key: String? = nil) -> SyncSeat { SyncSeat(player: key, name: name) }

    static let dune = "9780441013593"
    static let foundation = "9780553293357"
}

extension Array where Element == SyncLogEntry {
    var changes: [SyncLoggedChange] { compactMap(\.change) }
    var notices: [SyncNotice] { compactMap(\.notice) }
}
