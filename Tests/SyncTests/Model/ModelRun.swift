import Clubhouse
import ClubhouseSync
import ClubhouseSyncWire
import ClubhouseTestSupport
import Foundation

/// What runs exercised, summed over seeds (printed by the test: what the seeds covered).
final class ModelTally: @unchecked Sendable {
    private(set) var counts: [String: Int] = [:]
    private(set) var runs = 0
    private var shrunk = false

    /// True the first time only: one shrink per test.
    func takeShrink() -> Bool {
        defer { shrunk = true }
        return !shrunk
    }

    func add(_ counts: [String: Int]) {
        runs += 1
        self.counts.merge(counts) { $0 + $1 }
    }

    var description: String {
        "\(runs) runs: " + counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }
}

/// Where a run first went wrong: the step (nil: once quiet) and what differed.
struct ModelFailure: Error, CustomStringConvertible {
    /// What kind of failure (the shrinker keeps a shorter list only if it fails the same way).
    var kind: String
    var step: Int?
    var message: String

    var description: String { "\(step.map { "at step \($0)" } ?? "once quiet"): \(message)" }
}

/// One run of a step list against the real system (three devices of one account through the
/// library, a fresh server on a fresh database) and the model side by side. After each sync the
/// device and the server must hold what the model holds; once quiet, every file passes `check`.
final class ModelRun: @unchecked Sendable {
    static let username = "model"
    let server: TestSyncServer
    let devices: [Device]
    private(set) var model = SyncModel()
    private var restToken: String?
    /// Each device's last outbox row the model has applied: a change read again (still queued
    /// after a sync cut short) is not applied twice, as the server answers a change id once.
    private var applied: [String: Int64] = [:]
    /// Kills that cut a sync under way, and those that came after it ended.
    private var events: [String: Int] = [:]

    /// The slow network the devices reach the server through, in the variant that has one.
    private let proxy: SlowProxy?

    private init(server: TestSyncServer, devices: [Device], proxy: SlowProxy?) {
        self.server = server
        self.devices = devices
        self.proxy = proxy
    }

    deinit { proxy?.stop() }

    /// Runs `steps` on a fresh server and devices; nil when the system matched the model throughout.
    /// `slowNetwork`: the devices reach the server through a `SlowProxy` drawing its delays and
    /// page sizes from this seed.
    static func failure(
        of steps: [ModelStep], server kind: TestSyncServer.Kind, slowNetwork: UInt64? = nil,
        tally: ModelTally? = nil
    ) async -> ModelFailure? {
        let run: ModelRun
        do {
            // A database deadline far past any wait of a loaded run: a REST write answered 503 at
            // the deadline may or may not have been applied, which the model cannot tell, and a
            // CI run held one 60 s (seed 2026112710).
            let server = try await TestSyncServer.start(kind) { $0.databaseTimeout = .seconds(600) }
            let proxy = try slowNetwork.map { try SlowProxy(upstreamPort: server.port, seed: $0) }
            var devices: [Device] = []
            for (index, name) in ModelPools.devices.enumerated() {
                devices.append(
                    try await Device.make(
                        name, username: username, server: server, register: index == 0, url: proxy?.url))
            }
            run = ModelRun(server: server, devices: devices, proxy: proxy)
        } catch {
            return ModelFailure(kind: "set-up", step: nil, message: "could not set up: \(error)")
        }
        defer { tally?.add(run.model.tally.merging(run.events) { $0 + $1 }) }
        for (index, step) in steps.enumerated() {
            do {
                try await run.perform(step)
            } catch var failure as ModelFailure {
                failure.step = index
                return failure
            } catch {
                return ModelFailure(kind: "error", step: index, message: "\(step) threw \(error)")
            }
        }
        do {
            try await run.quiet()
        } catch let failure as ModelFailure {
            return failure
        } catch {
            return ModelFailure(kind: "error", step: nil, message: "syncing until quiet threw \(error)")
        }
        return nil
    }

    private func perform(_ step: ModelStep) async throws {
        switch step {
        case .local(let device, let action): try devices[device].app.act(action)
        case .rest(let action): try await rest(action)
        case .sync(let device): try await sync(device) { try await self.settled($0) }
        case .killDevice(let device, let ms):
            try await sync(device) { device in
                let process = try CLIProcess(["sync"], database: device.path)
                try await Task.sleep(for: .milliseconds(ms))
                self.events[
                    process.poll() == nil ? "device kill mid-sync" : "device kill after the sync", default: 0] += 1
                try await process.killHard()
                try await self.settle(device)
                return nil
            }
        case .editDuringSync(let device, let ms, let pick, let value):
            // Rule 8: a player edited while `clubhouse sync` runs (players' changes are never folded
            // into a queued one, so what the model read before the sync is what it pushes). The
            // change waits in the outbox or went with the push; either way it arrives after the
            // ones before it, and nobody else acts until the sync after it.
            try await sync(device) { device in
                let process = try CLIProcess(["sync"], database: device.path)
                try await Task.sleep(for: .milliseconds(ms))
                try self.editDuringSync(device, pick: pick, value: value)
                _ = try await process.wait()
                _ = try self.takeQueued(device)
                try await self.settle(device)
                return nil
            }
        case .twoSyncs(let device, let during):
            // Item 1 of issue 42: two processes on one file, each pulling pages that arrive late,
            // so that one's older page can land between the other's newer ones, while the log
            // grows under them (a REST write, made once both pushes were answered: the server's
            // order is then the model's, the device's changes first). Neither report is read (each
            // counts what it alone took); one more sync brings what both may have missed, and the
            // file must then be the server's and the model's.
            try await sync(device) { device in
                let processes = try (0..<2).map { _ in try CLIProcess(["sync"], database: device.path) }
                try await Self.pushed(device, processes)
                // Both ended with changes unanswered (a push that timed out on the slow network):
                // this device's next sync settles them before anyone else acts.
                if try Self.waiting(device, "SELECT count(*) FROM sync_outbox") != "0" {
                    try await self.settle(device)
                }
                try await self.rest(during)
                // A player added and at once deleted, then another added: a slow process's last
                // page, holding the add, can land between the other's pages, the first holding
                // the delete (what issue 42 saw: the player back, the cursor at the head).
                try await self.rest(.addPlayer(name: 0, age: nil))
                try await Task.sleep(for: .milliseconds(60))
                try await self.rest(.deletePlayer(pick: self.model.keys(.player).count - 1))
                try await Task.sleep(for: .milliseconds(60))
                try await self.rest(.addPlayer(name: 1, age: nil))
                for process in processes {
                    let ending = try await process.wait()
                    // A sync the server did not answer in time (the CLI's `could not sync with`,
                    // exit 1) is settled by the sync after both, as any other.
                    let unanswered = ending == .exited(1) && process.stderr.contains("could not sync with")
                    if unanswered { self.events["one of two syncs at once unanswered", default: 0] += 1 }
                    guard ending == .exited(0) || unanswered else {
                        throw ModelFailure(
                            kind: "error", step: nil,
                            message: "one of two clubhouse sync at once ended \(ending): \(process.stderr)")
                    }
                }
                self.events["two syncs of one file", default: 0] += 1
                try await self.settle(device)
                return nil
            }
        case .killServer(let device, let ms):
            try await sync(device) { device in
                let syncing = Task { try await device.sync() }
                try await Task.sleep(for: .milliseconds(ms))
                try await self.server.kill()
                if case .success = await syncing.result {
                    self.events["server kill after the sync", default: 0] += 1
                } else {
                    self.events["server kill mid-sync", default: 0] += 1
                }
                try await self.server.restart()
                try await self.settle(device)
                return nil
            }
        }
    }

    /// A sync whose report is checked, unless it had to be sent again (`settle`): the first
    /// attempt may have counted some, as after a kill; then nil.
    private func settled(_ device: Device) async throws -> SyncReport? {
        let (report, retries) = try await settle(device)
        return retries > 0 ? nil : report
    }

    /// How long a device goes on syncing until one is answered: far past any wait of a loaded
    /// run, and under the seed's watchdog (`ModelTests.seedLimit`), so only a server that never
    /// answers again reaches it.
    static let settleLimit: Duration = .seconds(420)

    /// The device's sync, sent again a second later while it is not answered (`unreachable`: the
    /// client's deadline, the server's 503 or 504 at its database deadline, a refused connection
    /// while a killed server comes back), until one is answered; its report and how many were not.
    ///
    /// The oracle of a sync that was not answered: what it pushed may or may not have been
    /// applied on the server (a page is applied whole or not at all; the answered pages left the
    /// outbox, the unanswered one and those after it did not). The model applied all of the
    /// device's queued changes, in order, when the sync began (`takeQueued`). Nobody else acts
    /// until this returns, so either way the server ends where the model is: the next answered
    /// sync sends every change still in the outbox again, in the same order, and the server
    /// answers a change id it has already applied with its first answer, changing nothing
    /// (docs/sync.md, Offline), and applies the others now, after the same changes as in the
    /// model. The device and the server are then compared with the model as after any sync: a
    /// change lost, applied twice or out of order still fails the run; only the wait for the
    /// answer does not. A failure other than `unreachable`, or no answer for `settleLimit`,
    /// still fails it.
    @discardableResult
    private func settle(_ device: Device) async throws -> (SyncReport, retries: Int) {
        var retries = 0
        var deadline: ContinuousClock.Instant?
        while true {
            do {
                let report = try await device.sync()
                if retries > 0 { events["sync unanswered, sent again", default: 0] += retries }
                return (report, retries)
            } catch let error as SyncError {
                guard case .unreachable = error else { throw error }
                let limit = deadline ?? ContinuousClock.now + Self.settleLimit
                deadline = limit
                guard ContinuousClock.now < limit else { throw error }
                retries += 1
                try await Task.sleep(for: .seconds(1))
            }
        }
    }

    /// The device's queued changes reach the model in their order (the server's arrival order:
    /// nobody else acts until this sync, killed or not, has been completed), then the device syncs.
    /// A whole sync's report (none after a kill: the killed one may have told some) must count
    /// what the model took and refused, and tell each refusal rules 2 and 4 say is told.
    @discardableResult
    private func sync(_ index: Int, _ how: (Device) async throws -> SyncReport?) async throws -> Bool {
        let device = devices[index]
        let (queued, refusals) = try takeQueued(device)
        let before = try device.dump()
        let report = try await how(device)
        let after = try device.dump()
        try await compare(device, after: "its sync")
        if let report {
            let told = report.notices.map { "\($0.code) \($0.key ?? "-")" }
            guard report.refused == refusals.count, report.pushed == queued.count - refusals.count else {
                throw ModelFailure(
                    kind: "report", step: nil,
                    message: "\(device.name)'s sync pushed \(report.pushed) and refused \(report.refused) of "
                        + "\(queued.count); the model refused \(refusals.map { "\($0.code) \($0.key)" }), told \(told)")
            }
            for refusal in refusals where ["deleted", "gather_in_progress"].contains(refusal.code) {
                guard told.contains("\(refusal.code) \(refusal.key)") else {
                    throw ModelFailure(
                        kind: "report", step: nil,
                        message: "\(device.name) was not told \(refusal.code) for \(refusal.key); told \(told)")
                }
            }
        }
        return !queued.isEmpty || !after.differences(from: before).isEmpty
    }

    /// Until the device's outbox is empty (every change it queued answered) or every process ended.
    private static func pushed(_ device: Device, _ processes: [CLIProcess]) async throws {
        let deadline = ContinuousClock.now + .seconds(120)
        while ContinuousClock.now < deadline {
            if processes.allSatisfy({ $0.poll() != nil }) { return }
            if try waiting(device, "SELECT count(*) FROM sync_outbox") == "0" { return }
            try await Task.sleep(for: .milliseconds(5))
        }
        throw ModelFailure(kind: "error", step: nil, message: "two syncs at once pushed nothing in 120 s")
    }

    /// A player's age edited while a sync may be pushing: the change is read from the edit itself
    /// (its row may leave the outbox with that push before it can be read), the one row the
    /// edit queued: the age alone, under the player's key.
    private func editDuringSync(_ device: Device, pick: Int, value: Int) throws {
        let ids = try device.app.playerIDs()
        guard !ids.isEmpty else { return }
        let id = ids[pick % ids.count]
        let key = try Self.waiting(device, "SELECT key FROM players WHERE id = \(id)")
        let before = try Self.lastQueued(device)
        do {
            try device.app.editPlayer(id, .age, value % 7 == 0 ? "" : String(5 + value % 95))
        } catch is ClubhouseError { return }
        let after = try Self.lastQueued(device)
        guard after > before else { return }
        model.apply(.player, key, .put, ["age": value % 7 == 0 ? .null : .int(Int64(5 + value % 95))])
        applied[device.name] = after
        events["player edited during a sync", default: 0] += 1
    }

    /// The id of the last row ever queued in the device's outbox.
    static func lastQueued(_ device: Device) throws -> Int64 {
        Int64(try waiting(device, "SELECT coalesce(max(seq), 0) FROM sqlite_sequence WHERE name = 'sync_outbox'")) ?? 0
    }

    /// One value read while `clubhouse sync` may hold the file's lock: waits for it (the shell's
    /// default is to fail at once). The pragma prints its value first.
    static func waiting(_ device: Device, _ sql: String) throws -> String {
        let output = try sqlite(device.path, "PRAGMA busy_timeout = 30000; \(sql)")
        return output.split(separator: "\n").last.map(String.init) ?? ""
    }

    /// The device's queued changes not yet applied, applied to the model in order; with the
    /// refusals the model decided.
    private func takeQueued(_ device: Device) throws -> ([Queued], [(code: String, key: String)]) {
        let queued = try Self.outbox(device).filter { $0.id > applied[device.name, default: 0] }
        if let last = queued.last { applied[device.name] = last.id }
        var refusals: [(code: String, key: String)] = []
        for change in queued {
            if case .refused(let code) = model.apply(change.entity, change.key, change.op, change.fields) {
                refusals.append((code, change.key))
            }
        }
        return (queued, refusals)
    }

    func compare(_ device: Device, after what: String) async throws {
        let expected = model.dump
        let differences = try device.dump().differences(from: expected)
        guard differences.isEmpty else {
            throw ModelFailure(
                kind: "device differs", step: nil,
                message: "\(device.name) (here) and the model (there) differ after \(what):\n"
                    + differences.joined(separator: "\n"))
        }
        let held = try await server.dump(token: try await token())
        let onServer = held.differences(from: expected)
        guard onServer.isEmpty else {
            throw ModelFailure(
                kind: "server differs", step: nil,
                message: "the server's log (here) and the model (there) differ after \(device.name)'s \(what):\n"
                    + onServer.joined(separator: "\n"))
        }
    }

    /// Every device syncs, in turn, until a whole round moves nothing; then every file is sound.
    private func quiet() async throws {
        var rounds = 0
        var moved = true
        while moved {
            guard rounds < 8 else { throw ModelFailure(kind: "never quiet", step: nil, message: "never quiet") }
            rounds += 1
            moved = false
            for index in devices.indices where try await sync(index, { try await self.settled($0) }) { moved = true }
        }
        for device in devices {
            let waiting = try device.waiting()
            guard waiting == 0 else {
                throw ModelFailure(kind: "waiting", step: nil, message: "\(device.name) still has \(waiting) to send")
            }
            let problems = try device.problems()
            guard problems.isEmpty else {
                throw ModelFailure(
                    kind: "check", step: nil,
                    message: "check on \(device.name):\n\(problems.joined(separator: "\n"))")
            }
        }
    }

    func token() async throws -> String {
        if let restToken { return restToken }
        let token = try await server.token(Self.username)
        restToken = token
        return token
    }

    struct Queued: Decodable {
        var id: Int64
        var entity: SyncEntity
        var key: String
        var op: SyncOp
        var fields: SyncFields
    }

    /// The device's outbox, oldest first: what its next push sends.
    static func outbox(_ device: Device) throws -> [Queued] {
        let json = try sqlite(
            device.path,
            """
            SELECT json_group_array(json_object('id', id, 'entity', entity, 'key', key, 'op', op, 'fields', json(fields)))
            FROM (SELECT * FROM sync_outbox ORDER BY id)
            """)
        return try JSONDecoder().decode([Queued].self, from: Data(json.utf8))
    }

    /// The REST API's side of a step: the model's change, applied in arrival order.
    func modelApply(_ entity: SyncEntity, _ key: String, _ op: SyncOp, _ fields: SyncFields) -> SyncModel.Outcome {
        model.apply(entity, key, op, fields)
    }
}

extension ClubhouseApp {
    /// A person's change on a device, through the library. A change the app refuses (a gather
    /// already in progress, a player on a gather's team, nothing changed) is one a person meets
    /// too: nothing is queued, and the run goes on.
    func act(_ action: ModelStep.LocalAction) throws {
        do {
            try attempt(action)
        } catch is ClubhouseError {}
    }

    private func attempt(_ action: ModelStep.LocalAction) throws {
        switch action {
        case .addPlayer(let name, let age):
            try addPlayer(ModelPools.names[name], age.map { [.age: String(5 + $0)] } ?? [:])
        case .editPlayer(let pick, let field, let value):
            guard let id = Self.pick(pick, try playerIDs()) else { return }
            let field = PlayerField.allCases[field % PlayerField.allCases.count]
            try editPlayer(id, field, Self.text(field, value))
        case .deletePlayer(let pick):
            guard let id = Self.pick(pick, try playerIDs()) else { return }
            try deletePlayer(id)
        case .addBook(let book, let spelling, let author, let price, let secondEdition):
            var fields: [BookField: String] = [:]
            if let author { fields[.author] = ModelPools.authors[author] }
            if let price { fields[.price] = ModelPools.prices[price] }
            try addBook(
                ModelPools.isbn(book, spelling: spelling), title: ModelPools.title(book, secondEdition: secondEdition),
                fields)
        case .removeBook(let pick):
            guard let book = Self.pick(pick, try shelf()) else { return }
            try removeBook(book.isbn.digits)
        case .ask(let text):
            try ask(ModelPools.questions[text])
        case .deleteQuestion(let pick):
            guard let id = Self.pick(pick, try questionIDs()) else { return }
            try deleteQuestion(id)
        case .startGather(let picks):
            let ids = try playerIDs()
            guard !ids.isEmpty else { return }
            var chosen: [Player.ID] = []
            for pick in picks where !chosen.contains(ids[pick % ids.count]) { chosen.append(ids[pick % ids.count]) }
            guard chosen.count >= 2 else { return }
            let half = chosen.count / 2
            try startGather(teamA: Array(chosen[..<half]), teamB: Array(chosen[half...]))
        case .play(let change):
            try play(ModelPools.plays[change])
        case .endGather:
            try endGather()
        case .deleteGather(let pick):
            guard let gather = Self.pick(pick, try readGathers(around: nil, count: 1000).rows) else { return }
            try perform(Command(link: .screen(.gather(gather.gather.id)), .deleteGather))
        }
    }

    private static func pick<T>(_ pick: Int, _ values: [T]) -> T? {
        values.isEmpty ? nil : values[pick % values.count]
    }

    private static func text(_ field: PlayerField, _ value: Int) -> String {
        switch field {
        case .name: ModelPools.names[value % ModelPools.names.count]
        case .age: value % 7 == 0 ? "" : String(5 + value % 95)
        case .skill: value % 7 == 0 ? "" : Skill.allCases[value % Skill.allCases.count].rawValue
        case .position: value % 7 == 0 ? "" : Position.allCases[value % Position.allCases.count].rawValue
        case .favouriteTeam: ModelPools.teams[value % ModelPools.teams.count]
        // Few numbers, so that two devices often pick the same one (the server keeps the first).
        case .shirtNumber: value % 7 == 0 ? "" : String(1 + value % 4)
        }
    }
}
