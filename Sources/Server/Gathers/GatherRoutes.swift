import ClubhouseDomain
import ClubhouseSyncWire
import Hummingbird

/// `/v1/gathers`: start with two teams, score, run the countdown, end with a winner, cancel, and
/// the history. Every rule is Domain's (`StartGather.checkTeams`, `PlayGather.apply`,
/// `EndGather.finish`, `DeleteGather.checkRemovable`), applied to the row read under the account's
/// log lock; what it changed is then a change through the sync applier (`RESTWrite`), as a
/// device's push is.
struct GatherRoutes {
    let database: Database

    func add(to group: RouterGroup<ServerRequestContext>) {
        group.post("gathers") { request, context in try await start(request, context) }
        group.get("gathers") { request, context in try await history(request, context) }
        group.get("gathers/current") { _, context in
            let signIn = try context.signIn()
            let logger = context.logger
            let gather = try await database.read(signedIn: signIn) { connection, owner -> Keyed<Gather>? in
                let store = GatherStore(connection, logger: logger)
                guard let current = try await store.inProgress(owner: owner) else { return nil }
                return try await store.find(current.id, owner: owner)
            }
            guard let gather else { throw ClubhouseError.noGatherInProgress }
            return try JSONResponse.make(GatherJSON(gather, now: ServerClock.now()))
        }
        group.get("gathers/:id") { _, context in
            let signIn = try context.signIn()
            let id = try RequestParameters.id(context)
            let logger = context.logger
            let gather = try await database.read(signedIn: signIn) { connection, owner in
                try await GatherStore(connection, logger: logger).find(id, owner: owner)
            }
            guard let gather else { throw ClubhouseError.gatherNotFound(id) }
            return try JSONResponse.make(GatherJSON(gather, now: ServerClock.now()))
        }
        group.post("gathers/:id/goals") { request, context in
            let body = try await JSONObject.read(request, allowing: ["team", "minus"])
            let text = try body.requiredString("team")
            guard let team = Team(rawValue: text) else { throw APIError.invalidField("team", "team must be a or b") }
            let minus = try body.bool("minus") ?? false
            return try await change(.score(team, by: minus ? -1 : 1), context)
        }
        group.put("gathers/:id/score") { request, context in
            let body = try await JSONObject.read(request, allowing: ["a", "b"])
            let score: Score
            do { score = try Score(a: try body.requiredInteger("a"), b: try body.requiredInteger("b")) } catch let
                error as ClubhouseError
            { throw APIError(error, field: "score") }
            return try await change(.setScore(score), context)
        }
        group.post("gathers/:id/timer") { request, context in
            let body = try await JSONObject.read(request, allowing: ["action", "time"])
            let action = try body.requiredString("action")
            let change: GatherChange
            switch action {
            case "start": change = .startTimer
            case "pause": change = .pauseTimer
            case "resume": change = .resumeTimer
            case "reset": change = .resetTimer
            case "set":
                do { change = .setTimer(try GatherTimer.duration(parsing: try body.requiredString("time"))) } catch let
                    error as ClubhouseError
                { throw APIError(error, field: "time") }
            default:
                throw APIError.invalidField("action", "action must be one of: start, pause, resume, reset, set")
            }
            if action != "set", body.has("time") {
                throw APIError.invalidField("time", "time goes with action set only")
            }
            return try await self.change(change, context)
        }
        group.post("gathers/:id/end") { _, context in
            let signIn = try context.signIn()
            let id = try RequestParameters.id(context)
            let logger = context.logger
            let gather = try await database.write(signedIn: signIn) { connection, owner in
                let write = RESTWrite(connection: connection, logger: logger, owner: owner)
                let store = GatherStore(connection, logger: logger)
                guard let keyed = try await store.find(id, owner: owner, locking: true) else {
                    throw ClubhouseError.gatherNotFound(id)
                }
                var gather = keyed.record
                let now = ServerClock.now()
                try EndGather.finish(&gather, at: now)
                // The outcome, and the players kept as they are now.
                var fields = GatherStore.changedOutcome(from: keyed.record, to: gather)
                fields["endedAt"] = .int(now)
                fields["winner"] = .string(Winner(gather.score).rawValue)
                let teams = try await store.currentTeams(key: keyed.key, owner: owner)
                if try await store.find(keys: [keyed.key], owner: owner)[keyed.key]?.teams != teams {
                    fields["teams"] = teams.value
                }
                try await write.apply(.gather, keyed.key, .update, fields, missing: .gatherNotFound(id))
                return try await store.find(id, owner: owner)
            }
            guard let gather else { throw ClubhouseError.gatherNotFound(id) }
            return try JSONResponse.make(GatherJSON(gather, now: ServerClock.now()))
        }
        group.post("gathers/:id/cancel") { _, context in try await remove(context, inProgress: true) }
        group.delete("gathers/:id") { _, context in try await remove(context, inProgress: false) }
    }

    private func start(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let signIn = try context.signIn()
        let body = try await JSONObject.read(request, allowing: ["teamA", "teamB"])
        let teamA = try body.integers("teamA")
        let teamB = try body.integers("teamB")
        do { try StartGather.checkTeams(teamA: teamA, teamB: teamB) } catch { throw APIError(error, field: "teams") }
        let logger = context.logger
        let gather = try await database.write(signedIn: signIn) { connection, owner in
            let write = RESTWrite(connection: connection, logger: logger, owner: owner)
            let gathers = GatherStore(connection, logger: logger)
            if let running = try await gathers.inProgress(owner: owner) {
                throw ClubhouseError.gatherInProgress(running.id, startedAt: running.startedAt.apiText)
            }
            let players = PlayerStore(connection, logger: logger)
            // Each player seated as they are now, by key.
            func seats(_ ids: [Int64]) async throws -> [SyncSeat] {
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
        return try JSONResponse.make(GatherJSON(gather, now: ServerClock.now()), status: .created)
    }

    private func history(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let signIn = try context.signIn()
        let limit = try RequestParameters.limit(request)
        let before = try RequestParameters.integer(request, "before", in: 1...Int(Int64.max)).map(Int64.init) ?? .max
        let logger = context.logger
        let gathers = try await database.read(signedIn: signIn) { connection, owner in
            try await GatherStore(connection, logger: logger).history(owner: owner, before: before, limit: limit + 1)
        }
        let page = gathers.prefix(limit)
        let now = ServerClock.now()
        return try JSONResponse.make(
            GatherPageJSON(
                gathers: page.map { GatherJSON($0, now: now) },
                nextBefore: gathers.count > limit ? page.last?.record.id : nil)
        )
    }

    /// Reads the gather under a lock, applies the rule, stores the result.
    private func change(_ change: GatherChange, _ context: ServerRequestContext) async throws -> Response {
        let signIn = try context.signIn()
        let id = try RequestParameters.id(context)
        let logger = context.logger
        let now = ServerClock.now()
        let gather = try await database.write(signedIn: signIn) { connection, owner -> Keyed<Gather>? in
            let write = RESTWrite(connection: connection, logger: logger, owner: owner)
            let store = GatherStore(connection, logger: logger)
            guard let keyed = try await store.find(id, owner: owner, locking: true) else {
                throw ClubhouseError.gatherNotFound(id)
            }
            var gather = keyed.record
            try PlayGather.apply(change, to: &gather, at: now)
            // An update with the fields the rule changed (the score, or the countdown's anchor).
            let fields = GatherStore.changedOutcome(from: keyed.record, to: gather)
            guard !fields.isEmpty else { return keyed }
            try await write.apply(.gather, keyed.key, .update, fields, missing: .gatherNotFound(id))
            return try await store.find(id, owner: owner)
        }
        guard let gather else { throw ClubhouseError.gatherNotFound(id) }
        return try JSONResponse.make(GatherJSON(gather, now: now))
    }

    private func remove(_ context: ServerRequestContext, inProgress: Bool) async throws -> Response {
        let signIn = try context.signIn()
        let id = try RequestParameters.id(context)
        let logger = context.logger
        try await database.write(signedIn: signIn) { connection, owner in
            let write = RESTWrite(connection: connection, logger: logger, owner: owner)
            guard let gather = try await GatherStore(connection, logger: logger).find(id, owner: owner, locking: true)
            else {
                throw ClubhouseError.gatherNotFound(id)
            }
            try DeleteGather.checkRemovable(gather.record, inProgress: inProgress)
            try await write.apply(.gather, gather.key, .delete, missing: .gatherNotFound(id))
        }
        return JSONResponse.noContent()
    }
}
