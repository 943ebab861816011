import ClubhouseDomain
import ClubhouseSyncWire
import Hummingbird

/// `/v1/players`: add, list (keyset paging), show, edit one field, delete. The fields are checked
/// by the CLI's `PlayerForm` and `PlayerDraft` rules; each write is then a change through the
/// sync applier (`RESTWrite`), as a device's push is.
struct PlayerRoutes {
    let database: Database

    func add(to group: RouterGroup<ServerRequestContext>) {
        group.post("players") { request, context in
            let signIn = try context.signIn()
            let body = try await JSONObject.read(request, allowing: Set(PlayerInput.fields.map(\.json)))
            let draft = try PlayerInput.draft(body)
            let logger = context.logger
            let player = try await database.write(signedIn: signIn) { connection, owner in
                let write = RESTWrite(connection: connection, logger: logger, owner: owner)
                let key = SyncKey.make()
                try await write.apply(.player, key, .create, PlayerStore.fields(of: draft).fields, known: .newKey)
                return try await PlayerStore(connection, logger: logger).find(key: key, owner: owner)
            }
            guard let player else { throw APIError.unexpected }
            return try JSONResponse.make(PlayerJSON(player), status: .created)
        }
        group.get("players") { request, context in
            let signIn = try context.signIn()
            let limit = try RequestParameters.limit(request)
            let after = try RequestParameters.integer(request, "after", in: 0...Int(Int64.max)) ?? 0
            let logger = context.logger
            // One more than asked for tells whether there is a next page.
            let players = try await database.read {
                try await PlayerStore($0, logger: logger).page(signIn: signIn, after: Int64(after), limit: limit + 1)
            }
            let page = players.prefix(limit)
            return try JSONResponse.make(
                PlayerPageJSON(
                    players: page.map(PlayerJSON.init), nextAfter: players.count > limit ? page.last?.record.id : nil))
        }
        group.get("players/:id") { _, context in
            let signIn = try context.signIn()
            let id = try RequestParameters.id(context)
            let logger = context.logger
            let player = try await database.read { try await PlayerStore($0, logger: logger).find(id, signIn: signIn) }
            guard let player else { throw ClubhouseError.playerNotFound(id) }
            return try JSONResponse.make(PlayerJSON(player))
        }
        group.patch("players/:id") { request, context in
            let signIn = try context.signIn()
            let id = try RequestParameters.id(context)
            let body = try await JSONObject.read(request, allowing: Set(PlayerInput.fields.map(\.json)))
            guard body.fields.count == 1, let (json, field) = PlayerInput.fields.first(where: { body.has($0.json) })
            else {
                throw APIError(
                    .badRequest, "invalid_field",
                    "an edit changes exactly one field: one of \(PlayerInput.fields.map(\.json).joined(separator: ", "))"
                )
            }
            let text = try PlayerInput.text(body, json, field) ?? ""
            if field == .name, body.fields["name"] == .null { throw APIError.invalidField("name", "name is required") }
            try PlayerInput.check(field, text, json: json)
            let logger = context.logger
            // The token check with the sync log's lock, the row's lock, the write and its log
            // entry: one transaction on one connection, so a device pulls the edit exactly when
            // it is committed. The row is read once (the applier takes it as read) and the answer
            // is the record as the applier stored it.
            let player = try await database.write(signedIn: signIn) { connection, owner -> Keyed<Player>? in
                let write = RESTWrite(connection: connection, logger: logger, owner: owner)
                guard
                    let (player, known) = try await PlayerStore(connection, logger: logger).findForWrite(
                        id, owner: owner)
                else { throw ClubhouseError.playerNotFound(id) }
                let draft = try PlayerInput.edited(player.record, field, to: text, json: json)
                // An update with the field it sets, when that changes it.
                let was = PlayerStore.fields(of: player.record)
                let now = PlayerStore.fields(of: draft)
                let changed = now.changedFields(from: was)
                guard !changed.isEmpty else { return player }
                let stored = try await write.apply(
                    .player, player.key, .update, now.fields.only(changed), missing: .playerNotFound(id), known: known)
                guard let stored, let fields = try? SyncPlayerFields(stored, over: nil) else { return nil }
                return PlayerStore.player(fields, id: id, owner: owner, key: player.key)
            }
            guard let player else { throw ClubhouseError.playerNotFound(id) }
            return try JSONResponse.make(PlayerJSON(player))
        }
        group.delete("players/:id") { _, context in
            let signIn = try context.signIn()
            let id = try RequestParameters.id(context)
            let logger = context.logger
            try await database.write(signedIn: signIn) { connection, owner in
                let write = RESTWrite(connection: connection, logger: logger, owner: owner)
                guard
                    let (player, known) = try await PlayerStore(connection, logger: logger).findForWrite(
                        id, owner: owner)
                else { throw ClubhouseError.playerNotFound(id) }
                // The applier keeps the player's seats in a gather in progress, as a device's delete.
                try await write.apply(.player, player.key, .delete, missing: .playerNotFound(id), known: known)
            }
            return JSONResponse.noContent()
        }
    }
}
