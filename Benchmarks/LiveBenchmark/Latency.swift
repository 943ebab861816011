import Clubhouse
import ClubhouseSync
import Foundation
import GRDB
import Synchronization

/// Commit on device A → the new value on device B's screen. A and B each run `LiveSync` on a file
/// of their own (A through `aURL`, B through `bURL`: the same instance, or two on one PostgreSQL).
/// B sits on the player's screen and observes its file every 50 ms, as the terminal app does when
/// live; A edits the player's age through the library `changes` times, one every `spacing`. The
/// time of a change is from A's `perform` returning to B's observation first showing it (or a
/// later one: a value overtaken before B looked is counted as seen when its successor is).
///
/// Where the time goes, for each change, from these instants (all wall clock):
/// - logged: the log entry that first carries the change (PostgreSQL's `logged_at`, the start of
///   the push's transaction; read with psql after the run, when a database URL is given);
/// - poke: a plain change stream of the account on B's instance hears a head at or past it;
/// - pulled: B's `LiveSync` reports a sync after which B's cursor is at or past it;
/// - seen: B's observation shows it.
struct Latency {
    let label: String
    let aURL: String
    let bURL: String
    let changes: Int
    let spacing: Duration
    let files: DeviceFiles
    let api: ServerAPI
    let psql: (path: String, database: String)?

    struct Figures {
        var label: String
        var total: [Double]
        var toLogged: [Double] = []
        var loggedToPoke: [Double] = []
        var pokeToPulled: [Double] = []
        var pulledToSeen: [Double] = []
        var pulls: Int
    }

    /// A change's age: never the same twice in a row, and each value comes back only after 95
    /// changes (9.5 s at the default pace, far longer than any delay), so a value seen names its change.
    static func age(_ index: Int) -> Int { 5 + index % 95 }

    func run(account: String) async throws -> Figures {
        let a = try await files.device("A", account: account, url: aURL, register: true)
        let b = try await files.device("B", account: account, url: bURL)
        let player = try a.app.perform(
            Command(
                link: .screen(.newPlayer),
                .submit(
                    [(PlayerField.name.rawValue, "Runner"), (PlayerField.age.rawValue, "99")], discardingDraft: true)))
        guard case .form(.playerAdded(let runner), _) = player.result else {
            throw BenchmarkError("player add answered \(player.result)")
        }
        let liveA = try LiveRun(a)
        let liveB = try LiveRun(b, cursor: true)
        try await liveA.synced()
        try await liveB.synced()
        var onB: Player?
        try await waitUntil("B has the player") {
            onB = try b.app.readPlayers(around: nil, count: 10).rows.first { $0.name == "Runner" }
            return onB != nil
        }
        _ = try b.app.perform(.open(.screen(.player(onB!.id))))

        // A stream of the account on B's instance, beside B's own: when the poke reaches B's side.
        let token = try await DatabaseQueue(path: b.path, configuration: readOnly).read {
            try String.fetchOne($0, sql: "SELECT token FROM sync_remote")
        }
        let pokes = Locked<[(head: Int64, at: Double)]>([])
        let opened = Locked(false)
        let listener = Task { [api, bURL] in
            await api.stream(
                bURL, token: token ?? "", device: UUID(), opened: { status in opened.withLock { $0 = status == 200 } },
                head: { head, at in pokes.withLock { $0.append((head, at)) } })
        }
        try await waitUntil("the poke listener is open", seconds: 30) { opened.withLock { $0 } }

        let seen = Locked<[(at: Double, age: Int)]>([])
        let observation = b.app.observeChanges(every: .milliseconds(50)) { result in
            let at = wallClock()
            if case .success(let outcome) = result, case .main(_, _, .playerDetail(let detail)) = outcome.view,
                let age = detail.player.age
            {
                seen.withLock { $0.append((at, age)) }
            }
        }

        // A's edits, on a fixed pace (not one after the other's return).
        var commits: [Double] = []
        let clock = ContinuousClock()
        let start = clock.now
        for index in 0..<changes {
            try await clock.sleep(until: start + spacing * index)
            try a.app.perform(
                Command(
                    link: .screen(.editPlayer(runner.id, field: .age)),
                    .submit([(PlayerField.age.rawValue, String(Self.age(index)))], discardingDraft: true)))
            commits.append(wallClock())
        }
        let last = Self.age(changes - 1)
        try await waitUntil("B shows the last change", seconds: 60) {
            seen.withLock { $0.last.map { $0.age == last && $0.at > commits[changes - 1] } ?? false }
        }
        observation.cancel()
        listener.cancel()
        _ = await listener.value
        await liveA.stop()
        await liveB.stop()

        /// The change an event that carries `age` at `at` stands for: the latest made before it with that age.
        func index(age: Int, at: Double) -> Int? {
            (0..<changes).last { Self.age($0) == age && commits[$0] <= at }
        }
        /// For each change, when the first event standing for it (or a later one) happened.
        func firsts(_ events: [(at: Double, index: Int)]) -> [Double?] {
            var result = [Double?](repeating: nil, count: changes)
            for event in events.sorted(by: { $0.at < $1.at }) {
                for change in 0...event.index where result[change] == nil { result[change] = event.at }
            }
            return result
        }
        let seenAt = firsts(
            seen.withLock { $0 }.compactMap { e in index(age: e.age, at: e.at).map { (at: e.at, index: $0) } })
        var figures = Figures(
            label: label, total: (0..<changes).compactMap { i in seenAt[i].map { $0 - commits[i] } },
            pulls: liveB.reports.filter { $0.report.pulled > 0 && $0.at >= commits[0] }.count)

        if let psql {
            let log = try loggedAges(psql, account: account)
            // Each change's first log entry: the seq that carries it, and when its push began.
            var carrying = [(seq: Int64, at: Double)?](repeating: nil, count: changes)
            for entry in log {
                guard let found = index(age: entry.age, at: entry.at) else { continue }
                for change in 0...found where carrying[change] == nil { carrying[change] = (entry.seq, entry.at) }
            }
            let heard = pokes.withLock { $0 }
            let reports = liveB.reports
            for i in 0..<changes {
                guard let entry = carrying[i], let seenAt = seenAt[i],
                    let poke = heard.first(where: { $0.head >= entry.seq }),
                    let pulled = reports.first(where: { ($0.cursor ?? 0) >= entry.seq })
                else { continue }
                figures.toLogged.append(entry.at - commits[i])
                figures.loggedToPoke.append(poke.at - entry.at)
                figures.pokeToPulled.append(pulled.at - poke.at)
                figures.pulledToSeen.append(seenAt - pulled.at)
            }
        }
        return figures
    }

    /// The account's puts that set a player's age, in log order: seq, when the push's transaction
    /// began (epoch seconds), the age.
    private func loggedAges(_ psql: (path: String, database: String), account: String) throws
        -> [(seq: Int64, at: Double, age: Int)]
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: psql.path)
        process.arguments = [
            "-X", "-A", "-t", "-F", " ", "-d", psql.database, "-c",
            """
            SELECT seq, extract(epoch FROM logged_at), fields->>'age' FROM sync_log
            WHERE owner_id = (SELECT id FROM users WHERE username = '\(account)')
              AND entity = 'player' AND op = 'put' AND fields ? 'age' ORDER BY seq
            """,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchmarkError("psql failed") }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ")
            guard parts.count == 3, let seq = Int64(parts[0]), let at = Double(parts[1]), let age = Int(parts[2])
            else { return nil }
            return (seq, at, age)
        }
    }
}
