import ClubhouseDomain
import ClubhouseSyncWire
import Logging

/// `/v1/players` as the routes ask it: each operation is one call, which holds the transaction,
/// the account's lock, the row read under it and the write through the sync applier with its log
/// entry (`RESTWrite`), so a route is decode, one call, encode, as Hummingbird's examples keep
/// theirs. A write is a change with no device, as a device's push is.
struct PlayerPostgresRepository {
    let database: Database
    let logger: Logger

    /// Adds a player under a new sync key and answers it as stored.
    func add(_ draft: PlayerDraft, signIn: SignIn) async throws -> Keyed<Player> {
        let logger = logger
        let player = try await database.write(signedIn: signIn) { connection, owner in
            let write = RESTWrite(connection: connection, logger: logger, owner: owner)
            let key = SyncKey.make()
            try await write.apply(
                .player, key, .create, SyncPlayerFields(draft).fields, known: .newKey,
                takenField: PlayerField.shirtNumber.wire)
            return try await PlayerStore(connection, logger: logger).find(key: key, owner: owner)
        }
        guard let player else { throw APIError.unexpected }
        return player
    }

    /// Up to `limit` players after id `after`, by id, and the id to pass for the next page (nil on the last).
    func page(after: Player.ID, limit: Int, signIn: SignIn) async throws -> (players: [Keyed<Player>], next: Int64?) {
        let logger = logger
        // One more than asked for tells whether there is a next page.
        let players = try await database.read {
            try await PlayerStore($0, logger: logger).page(signIn: signIn, after: after, limit: limit + 1)
        }
        let page = Array(players.prefix(limit))
        return (page, players.count > limit ? page.last?.record.id : nil)
    }

    func find(_ id: Player.ID, signIn: SignIn) async throws -> Keyed<Player> {
        let logger = logger
        let player = try await database.read { try await PlayerStore($0, logger: logger).find(id, signIn: signIn) }
        guard let player else { throw ClubhouseError.playerNotFound(id) }
        return player
    }

    /// Sets one field to the form text `text` (`json` names it in a refusal) and answers the
    /// player as the applier stored it; an edit that changes nothing writes nothing.
    func edit(_ id: Player.ID, _ field: PlayerField, to text: String, signIn: SignIn) async throws -> Keyed<Player> {
        let logger = logger
        // The token check with the sync log's lock, the row's lock, the write and its log
        // entry: one transaction on one connection, so a device pulls the edit exactly when
        // it is committed. The row is read once (the applier takes it as read).
        let player = try await database.write(signedIn: signIn) { connection, owner -> Keyed<Player>? in
            let write = RESTWrite(connection: connection, logger: logger, owner: owner)
            guard let (player, known) = try await PlayerStore(connection, logger: logger).findForWrite(id, owner: owner)
            else { throw ClubhouseError.playerNotFound(id) }
            let draft = try PlayerInput.edited(player.record, field, to: text)
            let was = SyncPlayerFields(player.record.fields)
            let now = SyncPlayerFields(draft)
            let changed = now.changedFields(from: was)
            guard !changed.isEmpty else { return player }
            let stored = try await write.apply(
                .player, player.key, .update, now.fields.only(changed), missing: .playerNotFound(id), known: known,
                takenField: PlayerField.shirtNumber.wire)
            guard let stored, let fields = try? SyncPlayerFields(stored, over: nil) else { return nil }
            return PlayerStore.player(fields, id: id, owner: owner, key: player.key)
        }
        guard let player else { throw ClubhouseError.playerNotFound(id) }
        return player
    }

    /// Deletes a player; the applier keeps their seats in a gather in progress, as a device's delete.
    func delete(_ id: Player.ID, signIn: SignIn) async throws {
        let logger = logger
        try await database.write(signedIn: signIn) { connection, owner in
            let write = RESTWrite(connection: connection, logger: logger, owner: owner)
            guard let (player, known) = try await PlayerStore(connection, logger: logger).findForWrite(id, owner: owner)
            else { throw ClubhouseError.playerNotFound(id) }
            try await write.apply(.player, player.key, .delete, missing: .playerNotFound(id), known: known)
        }
    }
}
