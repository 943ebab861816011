import ClubhouseServerTestSupport
import ClubhouseSyncWire
import Foundation
import Hummingbird

/// Rule 6 in the model-based run: a REST write is a change with no device, applied in arrival
/// order by the same rules. The model says what the answer's status must be and what the change
/// is; only what the server alone decides (the instant it acts, a question's answer and books,
/// each record's new key) is read from the answer.
extension ModelRun {
    func rest(_ action: ModelStep.RestAction) async throws {
        switch action {
        case .addPlayer(let name, let age):
            var body: [String: Any] = ["name": ModelPools.names[name]]
            if let age { body["age"] = age }
            let reply = try await call(.post, "/v1/players", body, expect: .created, action)
            let key = try Self.string(reply, "key", action)
            try expectApplied(
                .player, key, .put,
                [
                    "name": .string(ModelPools.names[name]), "age": age.map { .int(Int64($0)) } ?? .null,
                    "skill": .null, "position": .null, "favouriteTeam": .null, "shirtNumber": .null,
                ], action)
        case .editPlayer(let pick, let age):
            guard let key = Self.pick(pick, model.keys(.player)) else { return }
            let id = try await id(of: key, listing: "/v1/players?limit=100", "players", action)
            _ = try await call(.patch, "/v1/players/\(id)", ["age": age], expect: .ok, action)
            try expectApplied(.player, key, .put, ["age": .int(Int64(age))], action)
        case .deletePlayer(let pick):
            guard let key = Self.pick(pick, model.keys(.player)) else { return }
            let id = try await id(of: key, listing: "/v1/players?limit=100", "players", action)
            _ = try await call(.delete, "/v1/players/\(id)", nil, expect: .noContent, action)
            try expectApplied(.player, key, .delete, [:], action)
        case .addBook(let book, let spelling, let price):
            let isbn = ModelPools.isbn(book, spelling: 0)
            let title = ModelPools.title(book, secondEdition: false)
            var body: [String: Any] = ["isbn": ModelPools.isbn(book, spelling: spelling), "title": title]
            if let price { body["price"] = ModelPools.prices[price] }
            // Rule 5: an add of a book the account has is an edit of it, carrying every field.
            _ = try await call(.post, "/v1/books", body, expect: model[.book, isbn] == nil ? .created : .ok, action)
            let cents: SyncValue = price.map { .int(Int64((Double(ModelPools.prices[$0])! * 100).rounded())) } ?? .null
            try expectApplied(
                .book, isbn, .put,
                [
                    "title": .string(title), "author": .null, "publisher": .null, "description": .null,
                    "priceCents": cents, "published": .null, "owned": .bool(true),
                ], action)
        case .removeBook(let book):
            let isbn = ModelPools.isbn(book, spelling: 0)
            guard model[.book, isbn] != nil else {
                _ = try await call(.delete, "/v1/books/\(isbn)", nil, expect: .notFound, action)
                return
            }
            _ = try await call(.delete, "/v1/books/\(isbn)", nil, expect: .noContent, action)
            try expectApplied(.book, isbn, .put, ["owned": .bool(false)], action)
        case .ask(let text):
            let reply = try await call(
                .post, "/v1/questions", ["text": ModelPools.questions[text]], expect: .created, action)
            let books = (reply["books"] as? [[String: Any]] ?? []).compactMap { $0["isbn"] as? String }
            try expectApplied(
                .question, try Self.string(reply, "key", action), .put,
                [
                    "text": .string(ModelPools.questions[text]),
                    "answer": .string(try Self.string(reply, "answer", action)),
                    "askedAt": .int(try Self.instant(reply, "askedAt", action)),
                    "books": .array(books.map { .string($0) }),
                ], action)
        case .deleteQuestion(let pick):
            guard let key = Self.pick(pick, model.keys(.question)) else { return }
            let id = try await id(of: key, listing: "/v1/questions?perPage=100", "questions", action)
            _ = try await call(.delete, "/v1/questions/\(id)", nil, expect: .noContent, action)
            try expectApplied(.question, key, .delete, [:], action)
        case .startGather(let picks):
            try await startGather(picks, action)
        case .goal(let team, let minus):
            guard let (key, id, held) = try await current(action) else { return }
            let name = team == 0 ? "scoreA" : "scoreB"
            let score = min(max((held[name]?.intValue ?? 0) + (minus ? -1 : 1), 0), 100)
            _ = try await call(
                .post, "/v1/gathers/\(id)/goals", ["team": team == 0 ? "a" : "b", "minus": minus], expect: .ok, action)
            try expectApplied(.gather, key, .put, [name: .int(score)], action)
        case .setScore(let a, let b):
            guard let (key, id, _) = try await current(action) else { return }
            _ = try await call(.put, "/v1/gathers/\(id)/score", ["a": a, "b": b], expect: .ok, action)
            try expectApplied(.gather, key, .put, ["scoreA": .int(Int64(a)), "scoreB": .int(Int64(b))], action)
        case .endGather:
            guard let (key, id, held) = try await current(action) else { return }
            let reply = try await call(.post, "/v1/gathers/\(id)/end", nil, expect: .ok, action)
            let (a, b) = (held["scoreA"]?.intValue ?? 0, held["scoreB"]?.intValue ?? 0)
            // The end keeps the players as they are now, and stops the countdown where it is (at
            // the instant the server acts: its answer says where).
            var fields = try Self.timer(reply, action)
            fields["endedAt"] = .int(try Self.instant(reply, "endedAt", action))
            fields["winner"] = .string(a > b ? "Team A" : b > a ? "Team B" : "None")
            fields["teams"] = refreshed(held["teams"])
            try expectApplied(.gather, key, .put, fields, action)
        case .cancelGather:
            guard let (key, id, _) = try await current(action) else { return }
            _ = try await call(.post, "/v1/gathers/\(id)/cancel", nil, expect: .noContent, action)
            try expectApplied(.gather, key, .delete, [:], action)
        case .deleteGather(let pick):
            let ended = model.keys(.gather).filter { model[.gather, $0]?["endedAt"] != .null }
            guard let key = Self.pick(pick, ended) else { return }
            let id = try await id(of: key, listing: "/v1/gathers?limit=100", "gathers", action)
            _ = try await call(.delete, "/v1/gathers/\(id)", nil, expect: .noContent, action)
            try expectApplied(.gather, key, .delete, [:], action)
        }
    }

    /// Rule 4 over REST: refused (409) while a gather is in progress; else a gather with the
    /// default countdown, each seat the player as the server holds them.
    private func startGather(_ picks: [Int], _ action: ModelStep.RestAction) async throws {
        let players = model.keys(.player)
        guard !players.isEmpty else { return }
        var chosen: [String] = []
        for pick in picks where !chosen.contains(players[pick % players.count]) {
            chosen.append(players[pick % players.count])
        }
        guard chosen.count >= 2 else { return }
        var ids: [Int64] = []
        for key in chosen { ids.append(try await id(of: key, listing: "/v1/players?limit=100", "players", action)) }
        let half = chosen.count / 2
        let body = ["teamA": Array(ids[..<half]), "teamB": Array(ids[half...])]
        guard model.gatherInProgress == nil else {
            _ = try await call(.post, "/v1/gathers", body, expect: .conflict, action)
            return
        }
        let reply = try await call(.post, "/v1/gathers", body, expect: .created, action)
        func seats(_ keys: ArraySlice<String>) -> SyncValue {
            .array(
                keys.map { key in
                    var seat = model[.player, key] ?? [:]
                    seat["player"] = .string(key)
                    return .object(seat)
                })
        }
        try expectApplied(
            .gather, try Self.string(reply, "key", action), .put,
            [
                "startedAt": .int(try Self.instant(reply, "startedAt", action)), "endedAt": .null, "winner": .null,
                "scoreA": .int(0), "scoreB": .int(0), "timerDurationMs": .int(600_000),
                "timerState": .string("stopped"),
                "timerRemainingMs": .int(600_000), "timerStartedMs": .null, "timerPlayedMs": .int(0),
                "teams": .object(["a": seats(chosen[..<half]), "b": seats(chosen[half...])]),
            ], action)
    }

    /// Each seat whose player the account has, as the player is now.
    private func refreshed(_ teams: SyncValue?) -> SyncValue {
        guard case .object(var sides)? = teams else { return teams ?? .null }
        for (side, seats) in sides {
            sides[side] = .array(
                (seats.arrayValue ?? []).map { seat in
                    guard var values = seat.objectValue, let player = values["player"]?.stringValue,
                        let fields = model[.player, player]
                    else { return seat }
                    values.merge(fields) { $1 }
                    return .object(values)
                })
        }
        return .object(sides)
    }

    /// A gather answer's countdown in the wire's fields.
    private static func timer(_ reply: Reply, _ action: ModelStep.RestAction) throws -> SyncFields {
        guard let timer = reply["timer"] as? [String: Any], let state = timer["state"] as? String,
            let duration = (timer["durationMs"] as? NSNumber)?.int64Value,
            let remaining = (timer["remainingAtAnchorMs"] as? NSNumber)?.int64Value,
            let played = (timer["playedMs"] as? NSNumber)?.int64Value
        else { throw ModelFailure(kind: "rest", step: nil, message: "\(action): no timer in \(reply.text)") }
        return [
            "timerState": .string(state), "timerDurationMs": .int(duration), "timerRemainingMs": .int(remaining),
            "timerStartedMs": (timer["startedAtMs"] as? NSNumber).map { .int($0.int64Value) } ?? .null,
            "timerPlayedMs": .int(played),
        ]
    }

    /// The gather in progress by the model: its key, its id on the server, its fields.
    private func current(_ action: ModelStep.RestAction) async throws -> (String, Int64, SyncFields)? {
        guard let key = model.gatherInProgress, let held = model[.gather, key] else {
            _ = try await call(.get, "/v1/gathers/current", nil, expect: .notFound, action)
            return nil
        }
        let reply = try await call(.get, "/v1/gathers/current", nil, expect: .ok, action)
        guard reply["key"] as? String == key, let id = (reply["id"] as? NSNumber)?.int64Value else {
            throw ModelFailure(
                kind: "rest", step: nil,
                message: "\(action): the gather in progress is \(key), the server says \(reply.text)")
        }
        return (key, id, held)
    }

    private func expectApplied(
        _ entity: SyncEntity, _ key: String, _ op: SyncOp, _ fields: SyncFields, _ action: ModelStep.RestAction
    ) throws {
        let outcome = modelApply(entity, key, op, fields)
        guard outcome == .applied else {
            throw ModelFailure(
                kind: "rest", step: nil, message: "\(action): the server accepted what the model refuses (\(outcome))")
        }
    }

    private func call(
        _ method: HTTPRequest.Method, _ path: String, _ body: [String: Any]?, expect status: HTTPResponse.Status,
        _ action: ModelStep.RestAction
    ) async throws -> Reply {
        let json = try body.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
        let reply = try await server.call(method, path, json: json, token: try await token())
        guard reply.status == status else {
            throw ModelFailure(
                kind: "rest", step: nil,
                message:
                    "\(action): \(method) \(path) answered \(reply.status.code), the model expects \(status.code): \(reply.text)"
            )
        }
        return reply
    }

    /// The server's id of the record `key`, from its REST listing (every page).
    private func id(of key: String, listing: String, _ list: String, _ action: ModelStep.RestAction) async throws
        -> Int64
    {
        var path = listing
        var page = 1
        while true {
            let reply = try await call(.get, path, nil, expect: .ok, action)
            let rows = reply[list] as? [[String: Any]] ?? []
            if let row = rows.first(where: { $0["key"] as? String == key }),
                let id = (row["id"] as? NSNumber)?.int64Value
            {
                return id
            }
            page += 1
            if let after = (reply["nextAfter"] as? NSNumber)?.int64Value {
                path = listing + "&after=\(after)"
            } else if let before = (reply["nextBefore"] as? NSNumber)?.int64Value {
                path = listing + "&before=\(before)"
            } else if let total = reply["total"] as? Int, (page - 1) * 100 < total {
                path = listing + "&page=\(page)"
            } else {
                throw ModelFailure(kind: "rest", step: nil, message: "\(action): \(listing) does not list \(key)")
            }
        }
    }

    private static func pick<T>(_ pick: Int, _ values: [T]) -> T? {
        values.isEmpty ? nil : values[pick % values.count]
    }

    private static func string(_ reply: Reply, _ name: String, _ action: ModelStep.RestAction) throws -> String {
        guard let value = reply[name] as? String else {
            throw ModelFailure(kind: "rest", step: nil, message: "\(action): no \(name) in \(reply.text)")
        }
        return value
    }

    /// An answer's date-time in Unix ms.
    private static func instant(_ reply: Reply, _ name: String, _ action: ModelStep.RestAction) throws -> Int64 {
        let text = try string(reply, name, action)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let plain = ISO8601DateFormatter()
        guard let date = formatter.date(from: text) ?? plain.date(from: text) else {
            throw ModelFailure(kind: "rest", step: nil, message: "\(action): \(name) \(text) is not a date-time")
        }
        return Int64((date.timeIntervalSince1970 * 1000).rounded())
    }
}
