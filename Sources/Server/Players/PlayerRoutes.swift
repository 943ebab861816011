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
            let player = try await database.read {
                try await PlayerStore($0, logger: logger).insert(draft, signIn: signIn)
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
                    players: page.map(PlayerJSON.init), nextAfter: players.count > limit ? page.last?.id : nil))
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
            // Read, apply the rule, write only over what was read: two statements and no lock;
            // a change made in between (another request's edit) makes it read again.
            let player = try await database.read { connection in
                let store = PlayerStore(connection, logger: logger)
                while true {
                    guard let player = try await store.find(id, signIn: signIn) else {
                        throw ClubhouseError.playerNotFound(id)
                    }
                    let draft = try PlayerInput.edited(player, field, to: text, json: json)
                    if let updated = try await store.update(player, to: draft) { return updated }
                }
            }
            return try JSONResponse.make(PlayerJSON(player))
        }
        group.delete("players/:id") { _, context in
            let signIn = try context.signIn()
            let id = try RequestParameters.id(context)
            let logger = context.logger
            let deleted = try await database.read {
                try await PlayerStore($0, logger: logger).delete(id, signIn: signIn)
            }
            guard deleted else { throw ClubhouseError.playerNotFound(id) }
            return JSONResponse.noContent()
        }
    }
}
