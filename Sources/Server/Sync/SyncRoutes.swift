import ClubhouseDomain
import ClubhouseSyncWire
import Foundation
import Hummingbird
import Logging

/// `/v1/sync`: push a device's changes, pull the account's log, hand a scene over to another
/// device. The rules are in `SyncApplier`; docs/server.md says them.
struct SyncRoutes {
    let database: Database

    func add(to group: RouterGroup<ServerRequestContext>) {
        group.post("sync/push") { request, context in try await push(request, context) }
        group.get("sync/changes") { request, context in try await changes(request, context) }
        group.put("sync/handoff") { request, context in try await putHandoff(request, context) }
        group.get("sync/handoff") { request, context in try await handoff(request, context) }
    }

    private func push(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let signIn = try context.signIn()
        let body = try await SyncRequests.decode(SyncPushRequest.self, request, limit: SyncLimits.pushBodyBytes)
        guard body.changes.count <= SyncLimits.changesPerPush else {
            throw APIError.invalidField(
                "changes",
                "a push carries at most \(SyncLimits.changesPerPush) changes (this one has \(body.changes.count))")
        }
        try SyncRequests.checkNumbers(of: body.changes)
        let logger = context.logger
        let results: [SyncResult]
        do {
            results = try await apply(body, signIn: signIn, guarded: false, logger: logger)
        } catch  where DatabaseFailure.isRefusal(error) {
            // A write PostgreSQL refused: the page again, each change under a savepoint.
            results = try await apply(body, signIn: signIn, guarded: true, logger: logger)
        }
        return try JSONResponse.make(SyncPushResponse(results: results, serverTime: ServerClock.now()))
    }

    /// One page of changes in one transaction, under the account's lock.
    private func apply(_ body: SyncPushRequest, signIn: SignIn, guarded: Bool, logger: Logger) async throws
        -> [SyncResult]
    {
        // The token checked and the account's lock taken in the transaction's first statement.
        try await database.write(signedIn: signIn) { connection, owner in
            let log = SyncLog(connection, logger: logger)
            try await log.touch(device: body.device, owner: owner)
            return try await SyncApplier(connection, logger: logger, owner: owner, device: body.device)
                .apply(body.changes, guarded: guarded)
        }
    }

    private func changes(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let signIn = try context.signIn()
        let device = try SyncRequests.device(request)
        let after = try SyncRequests.integer(request, "after", in: 0...Int64.max) ?? 0
        let limit =
            try SyncRequests.integer(request, "limit", in: 1...Int64(SyncLimits.maximumPageSize))
            .map(Int.init) ?? SyncLimits.defaultPageSize
        // A device of an older release says no version and is sent only the fields it knows.
        let wire =
            try SyncRequests.integer(request, "wire", in: 1...Int64(Int32.max)).map(Int.init)
            ?? SyncWireVersion.unstated
        let logger = context.logger
        let page = try await database.transaction(signedIn: signIn) { connection, owner in
            let log = SyncLog(connection, logger: logger)
            try await log.touch(device: device, owner: owner)
            let page = try await log.page(owner: owner, device: device, after: after, limit: limit)
            // A device past the end of the log saw changes this database does not hold (it was
            // replaced or restored): pulling on would silently miss what comes next.
            if page.entries.isEmpty, after > 0, try await log.head(owner: owner) < after {
                throw APIError(
                    .conflict, "cursor_ahead",
                    "this device has seen changes the server no longer holds (its database was replaced or restored); run clubhouse remote unset, then remote set, to send this device's records again"
                )
            }
            return page
        }
        var entries = page.entries
        if wire < SyncWireVersion.current {
            for index in entries.indices {
                guard case .change(var change) = entries[index].body else { continue }
                change.fields = SyncWireVersion.fields(change.fields, of: change.entity, forWire: wire)
                entries[index].body = .change(change)
            }
        }
        return try JSONResponse.make(
            SyncChangesPage(
                changes: entries, next: page.entries.last?.seq ?? after, more: page.more,
                serverTime: ServerClock.now()))
    }

    private func putHandoff(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let signIn = try context.signIn()
        let body = try await SyncRequests.decode(SyncHandoffPush.self, request, limit: SyncLimits.handoffBodyBytes)
        guard SceneName.isValid(body.scene) else {
            throw APIError.invalidField("scene", "scene must be a scene name (1–32 letters, digits, - or _)")
        }
        let name = body.deviceName.trimmingCharacters(in: .whitespaces)
        do { try TypedText.check(name, field: "deviceName") } catch {
            throw APIError.invalidField("deviceName", error.message)
        }
        guard SyncLimits.deviceNameLength.contains(TypedText.length(name)) else {
            throw APIError.invalidField("deviceName", "deviceName must be 1–100 characters")
        }
        guard SyncInstants.range.contains(body.madeAt) else {
            throw APIError.invalidField("madeAt", "madeAt must be an instant between 1970 and 9999 (Unix ms)")
        }
        let state = String(decoding: try JSONEncoder().encode(body.state), as: UTF8.self)
        guard state.utf8.count <= SyncLimits.handoffStateBytes else {
            throw APIError.invalidField("state", "state must be at most \(SyncLimits.handoffStateBytes) bytes of JSON")
        }
        let logger = context.logger
        do {
            try await store(body, name: name, state: state, signIn: signIn, logger: logger)
        } catch  where DatabaseFailure.isRefusal(error) {
            // JSON that PostgreSQL's jsonb does not take (a \u0000 in a string).
            throw APIError.invalidField("state", "state holds a value the server cannot store (\\u0000 in a string)")
        }
        return JSONResponse.noContent()
    }

    private func store(_ body: SyncHandoffPush, name: String, state: String, signIn: SignIn, logger: Logger)
        async throws
    {
        try await database.transaction(signedIn: signIn) { connection, owner in
            try await SyncLog(connection, logger: logger).touch(device: body.device, owner: owner, name: name)
            // The newest handoff is the one this server received last (`handoff` orders by
            // arrival): a device's clock has no say. Its instant is kept for people to read, never
            // later than the server's clock (a device ten years fast says "now").
            try await connection.query(
                """
                INSERT INTO sync_handoffs (owner_id, device_id, scene, device_name, state, made_at)
                VALUES (\(owner), \(body.device), \(body.scene), \(name), \(state)::jsonb,
                    least(\(body.madeAt), (extract(epoch FROM clock_timestamp()) * 1000)::bigint))
                ON CONFLICT (owner_id, device_id, scene) DO UPDATE SET device_name = excluded.device_name,
                    state = excluded.state, made_at = excluded.made_at, received_at = now()
                """, logger: logger)
        }
    }

    private func handoff(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let signIn = try context.signIn()
        let device = try SyncRequests.device(request)
        let scene = request.uri.queryParameters.get("scene") ?? SceneName.main.rawValue
        guard SceneName.isValid(scene) else {
            throw APIError.invalidField("scene", "scene must be a scene name (1–32 letters, digits, - or _)")
        }
        let logger = context.logger
        let found = try await database.read(signedIn: signIn) { connection, owner -> SyncHandoff? in
            let rows = try await connection.query(
                """
                SELECT device_id, device_name, state::text, made_at FROM sync_handoffs
                WHERE owner_id = \(owner) AND scene = \(scene) AND device_id <> \(device)
                ORDER BY received_at DESC, made_at DESC LIMIT 1
                """, logger: logger)
            for try await (other, name, state, madeAt) in rows.decode((UUID, String, String, Int64).self) {
                let value = try JSONDecoder().decode(SyncValue.self, from: Data(state.utf8))
                return SyncHandoff(device: other, deviceName: name, state: value, madeAt: madeAt)
            }
            return nil
        }
        guard let found else {
            throw APIError(.notFound, "no_handoff", "no other device has handed over scene \(scene) yet")
        }
        return try JSONResponse.make(found)
    }
}
