import ClubhouseDomain
import Hummingbird

/// `/v1/players`: add, list (keyset paging), show, edit one field, delete. The fields are checked
/// by the CLI's `PlayerForm` and `PlayerDraft` rules.
struct PlayerRoutes {
    let database: Database

    func add(to group: RouterGroup<ServerRequestContext>) {
        group.post("players") { request, context in
            let signIn = try context.signIn()
            let body = try await JSONObject.read(request, allowing: Set(PlayerInput.fields.map(\.json)))
            let draft = try PlayerInput.draft(body)
            let logger = context.logger
            let player = try await database.transaction(signedIn: signIn) { connection, owner in
                let journal = try await SyncJournal.open(connection, logger: logger, owner: owner)
                let player = try await PlayerStore(connection, logger: logger).insert(draft, owner: owner)
                try await journal.created(.player(player.record.id))
                return player
            }
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
            // The token check, the sync log's lock, the row's lock, the write and its log entry:
            // one transaction on one connection, so a device pulls the edit exactly when it is
            // committed.
            let player = try await database.transaction(signedIn: signIn) { connection, owner in
                let journal = try await SyncJournal.open(connection, logger: logger, owner: owner)
                let store = PlayerStore(connection, logger: logger)
                guard let player = try await store.find(id, owner: owner, locking: true) else {
                    throw ClubhouseError.playerNotFound(id)
                }
                let draft = try PlayerInput.edited(player.record, field, to: text, json: json)
                return try await journal.change(.player(id)) { try await store.update(id, to: draft, owner: owner) }
            }
            return try JSONResponse.make(PlayerJSON(player))
        }
        group.delete("players/:id") { _, context in
            let signIn = try context.signIn()
            let id = try RequestParameters.id(context)
            let logger = context.logger
            let deleted = try await database.transaction(signedIn: signIn) { connection, owner in
                let journal = try await SyncJournal.open(connection, logger: logger, owner: owner)
                try await journal.keepSeats(ofPlayer: id)
                return try await journal.change(.player(id)) {
                    try await PlayerStore(connection, logger: logger).delete(id, owner: owner)
                }
            }
            guard deleted else { throw ClubhouseError.playerNotFound(id) }
            return JSONResponse.noContent()
        }
    }
}
