import ClubhouseDomain
import ClubhouseSyncWire
import Hummingbird

/// `/v1/gathers`: start with two teams, score, run the countdown, end with a winner, cancel, and
/// the history. A route decodes, makes one `GatherPostgresRepository` call and encodes; the rules
/// are Domain's, applied there under the account's lock.
struct GatherRoutes {
    let database: Database

    func add(to group: RouterGroup<ServerRequestContext>) {
        group.post("gathers") { request, context in
            let signIn = try context.signIn()
            let body = try await JSONObject.read(request, allowing: ["teamA", "teamB"])
            let (teamA, teamB) = (try body.integers("teamA"), try body.integers("teamB"))
            do throws(ClubhouseError) { try StartGather.checkTeams(teamA: teamA, teamB: teamB) } catch {
                throw APIError(error, field: "teams")
            }
            let gather = try await gathers(context).start(teamA: teamA, teamB: teamB, signIn: signIn)
            return try JSONResponse.make(GatherJSON(gather, now: ServerClock.now()), status: .created)
        }
        group.get("gathers") { request, context in
            let signIn = try context.signIn()
            let limit = try RequestParameters.limit(request)
            let before =
                try RequestParameters.integer(request, "before", in: 1...Int(Int64.max)).map(Int64.init) ?? .max
            // One more than a page, to know whether another follows.
            let found = try await gathers(context).history(before: before, limit: limit + 1, signIn: signIn)
            let page = found.prefix(limit)
            let now = ServerClock.now()
            return try JSONResponse.make(
                GatherPageJSON(
                    gathers: page.map { GatherJSON($0, now: now) },
                    nextBefore: found.count > limit ? page.last?.record.id : nil))
        }
        group.get("gathers/current") { _, context in
            let signIn = try context.signIn()
            return try JSONResponse.make(
                GatherJSON(try await gathers(context).current(signIn: signIn), now: ServerClock.now()))
        }
        group.get("gathers/:id") { _, context in
            let signIn = try context.signIn()
            let gather = try await gathers(context).find(try RequestParameters.id(context), signIn: signIn)
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
            try await change(
                try Self.timerChange(try await JSONObject.read(request, allowing: ["action", "time"])), context)
        }
        group.post("gathers/:id/end") { _, context in
            let signIn = try context.signIn()
            let gather = try await gathers(context).end(try RequestParameters.id(context), signIn: signIn)
            return try JSONResponse.make(GatherJSON(gather, now: ServerClock.now()))
        }
        group.post("gathers/:id/cancel") { _, context in
            let signIn = try context.signIn()
            try await gathers(context).remove(try RequestParameters.id(context), inProgress: true, signIn: signIn)
            return JSONResponse.noContent()
        }
        group.delete("gathers/:id") { _, context in
            let signIn = try context.signIn()
            try await gathers(context).remove(try RequestParameters.id(context), inProgress: false, signIn: signIn)
            return JSONResponse.noContent()
        }
    }

    private func gathers(_ context: ServerRequestContext) -> GatherPostgresRepository {
        GatherPostgresRepository(database: database, logger: context.logger)
    }

    /// A goal, a score or the countdown, applied now.
    private func change(_ change: GatherChange, _ context: ServerRequestContext) async throws -> Response {
        let signIn = try context.signIn()
        let now = ServerClock.now()
        let gather = try await gathers(context).change(
            try RequestParameters.id(context), change, at: now, signIn: signIn)
        return try JSONResponse.make(GatherJSON(gather, now: now))
    }

    /// The countdown's action (`set` with its `time`).
    private static func timerChange(_ body: JSONObject) throws -> GatherChange {
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
        return change
    }
}
