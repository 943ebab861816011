import ClubhouseTestSupport
import Foundation
import Testing

/// Several `clubhouse` processes on one file at once, as a user with a few terminals (or a
/// script) has them: every command either succeeds or fails with one clean `error:` line that
/// says why (never a crash, never "the database stayed locked" under this load), and the file
/// ends up holding exactly what the successes said they did.
@Suite(.heavy) struct ConcurrentWritersTests {
    /// What one worker did and what it was told.
    private struct Report: Sendable {
        var runs: [(arguments: [String], result: RawRun, mustSucceed: Bool)] = []
        /// The worker's own players as their last acknowledged write left them: id → name.
        var players: [Int: String] = [:]
        var gathersStarted = 0
        var gathersEnded = 0
        var goals = 0
        /// A child that could not be started (recorded by the test, not on the worker's thread).
        var failure: String?
    }

    private final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [Report] = []
        func add(_ report: Report) { lock.withLock { stored.append(report) } }
        var all: [Report] { lock.withLock { stored } }
    }

    @Test func sixProcessesWritingMixedCommandsAtOnceLoseNothing() throws {
        let seed = FaultSettings.seed()
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let scratch = folder.url.path
        let workers = 6
        let commands = 30 * FaultSettings.scale
        let reports = Reports()
        let group = DispatchGroup()
        // Threads, not tasks: each blocks in waitpid, and all six must run at once.
        for worker in 0..<workers {
            group.enter()
            Thread {
                defer { group.leave() }
                reports.add(
                    Self.work(worker: worker, commands: commands, seed: seed, database: path, scratch: scratch))
            }.start()
        }
        group.wait()

        let all = reports.all
        let context = "seed \(seed) (replay with CLUBHOUSE_FAULT_SEED=\(seed))"
        for report in all {
            #expect(report.failure == nil)
            for run in report.runs {
                expectClean(run.result, "clubhouse \(run.arguments.joined(separator: " ")) [\(context)]")
                #expect(run.result.ending.status != 64, "clubhouse \(run.arguments) is not a usage error")
                if run.mustSucceed {
                    #expect(
                        run.result.ending == .exited(0),
                        "clubhouse \(run.arguments.joined(separator: " ")): \(excerpt(run.result.stderrText)) [\(context)]"
                    )
                }
            }
        }
        #expect(all.count == workers)
        #expect(all.map(\.runs.count).reduce(0, +) == workers * commands)

        #expect(try sqlite(path, "PRAGMA integrity_check") == "ok")
        var expected: [Int: String] = [:]
        for report in all { expected.merge(report.players) { $1 } }
        let stored = try sqlite(path, "SELECT id, name FROM players ORDER BY id")
        let found = Dictionary(
            uniqueKeysWithValues: stored.split(separator: "\n").map { row in
                let fields = row.split(separator: "|", maxSplits: 1)
                return (Int(fields[0])!, String(fields[1]))
            })
        #expect(found == expected, "the players in the file are not those the successes said [\(context)]")
        let started = all.map(\.gathersStarted).reduce(0, +)
        let ended = all.map(\.gathersEnded).reduce(0, +)
        let goals = all.map(\.goals).reduce(0, +)
        #expect(try sqlite(path, "SELECT count(*) FROM gathers") == "\(started)", "\(context)")
        #expect(try sqlite(path, "SELECT count(*) FROM gathers WHERE ended_at IS NOT NULL") == "\(ended)")
        #expect(try sqlite(path, "SELECT ifnull(sum(score_a + score_b), 0) FROM gathers") == "\(goals)")
    }

    /// One worker's commands, one after another, on its own players.
    private static func work(worker: Int, commands: Int, seed: UInt64, database: String, scratch: String) -> Report {
        var random = SeededGenerator(seed: seed &+ UInt64(worker) &* 0x9E37_79B9)
        var report = Report()
        for index in 0..<commands {
            let own = report.players.keys.sorted()
            var choices: [(weight: Int, arguments: () -> [String], mustSucceed: Bool)] = [
                (28, { ["player", "add", "--name", "W\(worker)-\(index)", "--quiet"] }, true),
                (7, { ["player", "list", "--json"] }, true),
                (5, { ["nav", "--json"] }, true),
                (5, { ["tab", ["home", "players", "library", "profile"][index % 4]] }, true),
                (3, { ["back"] }, true),
                (3, { ["open", "home/results"] }, true),
                // Other workers start and end gathers too: these may find one running or none.
                (7, { ["gather", "score", index % 2 == 0 ? "a" : "b"] }, false),
                (4, { ["gather", "end", "--yes"] }, false),
            ]
            if let id = own.first {
                let last = own.last!
                choices += [
                    (10, { ["player", "edit", "\(last)", "--name", "W\(worker)-\(index)-edited"] }, true),
                    (6, { ["player", "show", "\(id)", "--json"] }, true),
                ]
            }
            if own.count >= 2 {
                choices += [
                    (5, { ["player", "delete", "\(own[own.count / 2])", "--yes"] }, true),
                    (5, { ["gather", "new", "--team-a", "\(own[0])", "--team-b", "\(own[1])", "--json"] }, false),
                ]
            }
            var roll = Int.random(in: 0..<choices.map(\.weight).reduce(0, +), using: &random)
            let choice = choices.first { choice in
                defer { roll -= choice.weight }
                return roll < choice.weight
            }!
            let arguments = choice.arguments()
            let result: RawRun
            do {
                result = try RawRun.run(arguments, database: database, in: scratch)
            } catch {
                report.failure = "could not start clubhouse: \(error)"
                return report
            }
            report.runs.append((arguments, result, choice.mustSucceed))
            guard result.ending == .exited(0) else { continue }
            let output = result.stdoutText.trimmingCharacters(in: .newlines)
            switch (arguments[0], arguments.count > 1 ? arguments[1] : "") {
            case ("player", "add"): if let id = Int(output) { report.players[id] = arguments[3] }
            case ("player", "edit"): report.players[Int(arguments[2])!] = arguments[4]
            case ("player", "delete"): report.players[Int(arguments[2])!] = nil
            case ("gather", "new"): report.gathersStarted += 1
            case ("gather", "end"): report.gathersEnded += 1
            case ("gather", "score"): report.goals += 1
            default: break
            }
        }
        return report
    }
}
