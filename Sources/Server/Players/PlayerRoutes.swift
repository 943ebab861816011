import ClubhouseDomain
import Hummingbird

/// `/v1/players`: add, list (keyset paging), show, edit one field, delete. The fields are checked
/// by the CLI's `PlayerForm` and `PlayerFields` rules (`PlayerInput`); each operation is one call
/// of `PlayerPostgresRepository`.
struct PlayerRoutes {
    let database: Database

    func add(to group: RouterGroup<ServerRequestContext>) {
        group.post("players") { request, context in
            let signIn = try context.signIn()
            let body = try await JSONObject.read(request, allowing: PlayerInput.names)
            let player = try await players(context).add(try PlayerInput.draft(body), signIn: signIn)
            return try JSONResponse.make(PlayerJSON(player), status: .created)
        }
        group.get("players") { request, context in
            let signIn = try context.signIn()
            let limit = try RequestParameters.limit(request)
            let after = try RequestParameters.integer(request, "after", in: 0...Int(Int64.max)) ?? 0
            let page = try await players(context).page(after: Int64(after), limit: limit, signIn: signIn)
            return try JSONResponse.make(
                PlayerPageJSON(players: page.players.map(PlayerJSON.init), nextAfter: page.next))
        }
        group.get("players/:id") { _, context in
            let signIn = try context.signIn()
            let player = try await players(context).find(try RequestParameters.id(context), signIn: signIn)
            return try JSONResponse.make(PlayerJSON(player))
        }
        group.patch("players/:id") { request, context in
            let signIn = try context.signIn()
            let id = try RequestParameters.id(context)
            let (field, text) = try PlayerInput.edit(try await JSONObject.read(request, allowing: PlayerInput.names))
            let player = try await players(context).edit(id, field, to: text, signIn: signIn)
            return try JSONResponse.make(PlayerJSON(player))
        }
        group.delete("players/:id") { _, context in
            let signIn = try context.signIn()
            try await players(context).delete(try RequestParameters.id(context), signIn: signIn)
            return JSONResponse.noContent()
        }
    }

    private func players(_ context: ServerRequestContext) -> PlayerPostgresRepository {
        PlayerPostgresRepository(database: database, logger: context.logger)
    }
}
