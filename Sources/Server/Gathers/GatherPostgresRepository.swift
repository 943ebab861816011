import ClubhouseDomain
import ClubhouseSyncWire
import Logging

/// `/v1/gathers` as the routes ask it: each operation one call, holding the transaction, the
/// account's lock and the write through the sync applier (`RESTWrite`). Every rule is Domain's
/// (`StartGather.checkTeams`, `PlayGather.apply`, `EndGather.finish`,
/// `DeleteGather.checkRemovable`), applied to the row read under the account's log lock; what it
/// changed is then a change through the applier, as a device's push is.
struct GatherPostgresRepository {
    let database: Database
    let logger: Logger

    /// Starts a gather of two teams (already checked by `StartGather.checkTeams`), each player
    /// seated as they are now, by key.
    func start(teamA: [Player.ID], teamB: [Player.ID], signIn: SignIn) async throws -> Keyed<Gather> {
        let logger = logger
        let gather = try await database.write(signedIn: signIn) { connection, owner in
            let write = RESTWrite(connection: connection, logger: logger, owner: owner)
            let gathers = GatherStore(connection, logger: logger)
            if let running = try await gathers.inProgress(owner: owner) {
                throw ClubhouseError.gatherInProgress(running.id, startedAt: running.startedAt.apiText)
            }
            let players = PlayerStore(connection, logger: logger)
            func seats(_ ids: [Player.ID]) async throws -> [SyncSeat] {
                var seats: [SyncSeat] = []
                for id in ids {
                    guard let player = try await players.find(id, owner: owner) else {
                        throw ClubhouseError.playerNotFound(id)
                    }
                    seats.append(SyncSeat(player: player.key, fields: PlayerStore.fields(of: player.record)))
                }
                return seats
            }
            let timer = GatherTimer()
            let fields = SyncGatherFields(
                startedAt: ServerClock.now(), timerDurationMs: timer.duration, timerState: timer.state.rawValue,
                timerRemainingMs: timer.remainingAtAnchor,
                teams: SyncTeams(a: try await seats(teamA), b: try await seats(teamB)))
            let key = SyncKey.make()
            try await write.apply(.gather, key, .create, fields.fields)
            return try await gathers.find(key: key, owner: owner)
        }
        guard let gather else { throw APIError.unexpected }
        return gather
    }

    /// Up to `limit` gathers started before the one with id `before`, newest first.
    func history(before: Gather.ID, limit: Int, signIn: SignIn) async throws -> [Keyed<Gather>] {
        let logger = logger
        return try await database.read(signedIn: signIn) { connection, owner in
            try await GatherStore(connection, logger: logger).history(owner: owner, before: before, limit: limit)
        }
    }

    /// The gather in progress.
    func current(signIn: SignIn) async throws -> Keyed<Gather> {
        let logger = logger
        let gather = try await database.read(signedIn: signIn) { connection, owner -> Keyed<Gather>? in
            let store = GatherStore(connection, logger: logger)
            guard let current = try await store.inProgress(owner: owner) else { return nil }
            return try await store.find(current.id, owner: owner)
        }
        guard let gather else { throw ClubhouseError.noGatherInProgress }
        return gather
    }

    func find(_ id: Gather.ID, signIn: SignIn) async throws -> Keyed<Gather> {
        let logger = logger
        let gather = try await database.read(signedIn: signIn) { connection, owner in
            try await GatherStore(connection, logger: logger).find(id, owner: owner)
        }
        guard let gather else { throw ClubhouseError.gatherNotFound(id) }
        return gather
    }

    /// Applies `change` (a goal, a score, the countdown) by `PlayGather`'s rule at `now`: an
    /// update with the fields the rule changed (the score, or the countdown's anchor).
    func change(_ id: Gather.ID, _ change: GatherChange, at now: Milliseconds, signIn: SignIn) async throws
        -> Keyed<Gather>
    {
        try await locked(id, signIn: signIn) { keyed, store, _ in
            var gather = keyed.record
            try PlayGather.apply(change, to: &gather, at: now)
            return GatherStore.changedOutcome(from: keyed.record, to: gather)
        }
    }

    /// Ends the gather now: its outcome, and the players kept as they are now.
    func end(_ id: Gather.ID, signIn: SignIn) async throws -> Keyed<Gather> {
        try await locked(id, signIn: signIn) { keyed, store, owner in
            var gather = keyed.record
            let now = ServerClock.now()
            try EndGather.finish(&gather, at: now)
            var fields = GatherStore.changedOutcome(from: keyed.record, to: gather)
            fields["endedAt"] = .int(now)
            fields["winner"] = .string(Winner(gather.score).rawValue)
            let teams = try await store.currentTeams(key: keyed.key, owner: owner)
            if try await store.find(keys: [keyed.key], owner: owner)[keyed.key]?.teams != teams {
                fields["teams"] = teams.value
            }
            return fields
        }
    }

    /// Deletes a gather: one in progress when cancelling (`inProgress`), else one that ended.
    func remove(_ id: Gather.ID, inProgress: Bool, signIn: SignIn) async throws {
        let logger = logger
        try await database.write(signedIn: signIn) { connection, owner in
            let write = RESTWrite(connection: connection, logger: logger, owner: owner)
            guard let gather = try await GatherStore(connection, logger: logger).find(id, owner: owner, locking: true)
            else {
                throw ClubhouseError.gatherNotFound(id)
            }
            try DeleteGather.checkRemovable(gather.record, inProgress: inProgress)
            try await write.apply(.gather, gather.key, .delete, missing: .gatherNotFound(id))
        }
    }

    /// Reads the gather under the account's lock, lets `rule` say which fields change, writes
    /// them as an update (nothing when none do) and answers the gather as stored.
    private func locked(
        _ id: Gather.ID, signIn: SignIn,
        _ rule: @escaping @Sendable (Keyed<Gather>, GatherStore, User.ID) async throws -> SyncFields
    ) async throws -> Keyed<Gather> {
        let logger = logger
        let gather = try await database.write(signedIn: signIn) { connection, owner -> Keyed<Gather>? in
            let write = RESTWrite(connection: connection, logger: logger, owner: owner)
            let store = GatherStore(connection, logger: logger)
            guard let keyed = try await store.find(id, owner: owner, locking: true) else {
                throw ClubhouseError.gatherNotFound(id)
            }
            let fields = try await rule(keyed, store, owner)
            guard !fields.isEmpty else { return keyed }
            try await write.apply(.gather, keyed.key, .update, fields, missing: .gatherNotFound(id))
            return try await store.find(id, owner: owner)
        }
        guard let gather else { throw ClubhouseError.gatherNotFound(id) }
        return gather
    }
}
