import ClubhouseTestSupport
import Foundation
import Testing

/// SIGKILL at random moments of ordinary commands, as a crash or a power cut would stop them.
/// After every kill the file passes SQLite's integrity check, the next command runs (no lock
/// left behind), and every write that was acknowledged (exit 0) before is there: the suite keeps
/// its own ledger of acknowledged players, gathers, users and sign-ins and compares it with the
/// file. A killed command may have landed or not, but wholly: the file equals the ledger either
/// without it or with it.
///
/// `CLUBHOUSE_FAULT_RUNS` sets the number of runs (100 by default); the seed of the random
/// choices is printed with any failure and replayed with `CLUBHOUSE_FAULT_SEED`. The moment a
/// kill lands depends on the machine's speed too, so a replay repeats the commands and delays,
/// not necessarily the instruction that was interrupted.
@Suite(.heavy) struct KillAtRandomPointsTests {
    @Test func everyAcknowledgedWriteSurvivesAKillAtAnyMoment() throws {
        let seed = FaultSettings.seed()
        var random = SeededGenerator(seed: seed)
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let password = folder.path("password")
        try Data("\(Fixtures.password)\n".utf8).write(to: URL(fileURLWithPath: password))
        // ana signs in at the cheapest accepted cost; `register` still hashes at the real one.
        try FaultFixtures.makeSignInCheap(path)
        let clubhouse = ClubhouseProcess(database: path)
        try clubhouse.addPlayers("Ana Keeper", "Bo Back", "Cy Mid")

        var ledger = try Ledger(path)
        // A typical duration per kind of command, learnt from the runs that were not killed: the
        // kill lands anywhere from the start to a little after the usual end.
        var typical: [String: Double] = ["register": 1.5]
        var killed = 0
        var recent: [String] = []
        var nextUser = 1

        for run in 1...FaultSettings.runs {
            let command = Command.next(after: ledger, newUser: "user\(nextUser)", using: &random)
            if case .register = command { nextUser += 1 }
            // Half the kills anywhere in the command's life, half near its usual end, where it
            // writes and commits (the start of a process is most of a short command's time).
            let usual = typical[command.kind] ?? 0.04
            let delay =
                Bool.random(using: &random)
                ? Double.random(in: 0...usual * 1.3, using: &random)
                : Double.random(in: usual * 0.6...usual * 1.2, using: &random)
            recent = Array((recent + ["\(command)"]).suffix(6))
            let context =
                "run \(run) of \(FaultSettings.runs): \(command), kill sent after \(Int(delay * 1000)) ms; "
                + "seed \(seed) (replay with CLUBHOUSE_FAULT_SEED=\(seed)); last commands: \(recent)"

            let out = folder.path("out")
            let err = folder.path("err")
            let started = Date()
            let child = try Spawned.start(
                (command.arguments + ["--database", path]).map { Array($0.utf8) },
                stdin: command.readsPassword ? .file(password) : .null, stdout: .file(out), stderr: .file(err))
            usleep(UInt32(delay * 1_000_000))
            child.kill()
            let ending = child.wait()
            let elapsed = Date().timeIntervalSince(started)
            let stdout = (try? String(contentsOf: URL(fileURLWithPath: out), encoding: .utf8)) ?? ""
            let stderr = (try? String(contentsOf: URL(fileURLWithPath: err), encoding: .utf8)) ?? ""

            switch ending {
            case .signalled(SIGKILL):
                killed += 1
                // The next command finds the file usable: a hot journal is rolled back, no lock is held.
                let next = try clubhouse.run(["nav", "--json"])
                #expect(next.status == 0 && next.stderr.isEmpty, "nav after the kill: \(next.stderr); \(context)")
                let found = try Ledger(path)
                let possible = command.outcomes(from: ledger, found: found)
                #expect(
                    possible.contains(found),
                    "the file holds neither the state before the killed command nor the one after it:\nfound    \(found)\nexpected one of \(possible)\n\(context)"
                )
                ledger = found
            case .exited(0):
                typical[command.kind] = (typical[command.kind].map { $0 * 0.7 + elapsed * 0.3 }) ?? elapsed
                guard let expected = command.acknowledged(ledger, stdout: stdout) else {
                    Issue.record("unexpected output \(excerpt(stdout)); \(context)")
                    return
                }
                let found = try Ledger(path)
                #expect(found == expected, "an acknowledged write is missing or changed: \(found); \(context)")
                if let check = command.stateCheck {
                    #expect(try sqlite(path, check.sql) == check.expected, "\(check.sql); \(context)")
                }
                ledger = found
            default:
                Issue.record("ended with \(ending): \(excerpt(stderr)); \(context)")
                return
            }
            let integrity = try sqlite(path, "PRAGMA integrity_check")
            #expect(integrity == "ok", "\(context)")
            #expect(try sqlite(path, "PRAGMA foreign_key_check") == "", "\(context)")
            if integrity != "ok" { return }
        }

        // After all that, a write and its read still work, and no journal is left over.
        if ledger.signedIn == nil {
            let login = try clubhouse.run(["login", "ana", "--password-stdin"], stdin: Fixtures.password)
            #expect(login.status == 0, "\(login.stderr) (seed \(seed))")
        }
        let last = try clubhouse.addPlayers("After All")
        #expect(try sqlite(path, "SELECT name FROM players WHERE id = \(last[0])") == "After All")
        #expect(!FileManager.default.fileExists(atPath: path + "-journal"), "seed \(seed)")
        // The runs must have tested something: with delays drawn up to a little past the usual
        // end, most commands are cut short.
        #expect(killed >= FaultSettings.runs / 10, "only \(killed) of \(FaultSettings.runs) runs were killed")
    }
}

/// What the file holds of interest, read with the sqlite3 shell: ana's players, the gathers,
/// the users and who is signed in.
private struct Ledger: Equatable, CustomStringConvertible {
    /// id → "name|age".
    var players: [Int: String] = [:]
    /// id → "ended|score a|score b|players on a|players on b".
    var gathers: [Int: String] = [:]
    var users: Set<String> = []
    var signedIn: String?

    init(_ path: String) throws {
        let rows = try sqlite(
            path,
            """
            SELECT 'p', id, name, ifnull(age, '-') FROM players
                WHERE owner_id = (SELECT id FROM users WHERE username_key = 'ana');
            SELECT 'g', id, ended_at IS NOT NULL, score_a, score_b,
                (SELECT count(*) FROM gather_players WHERE gather_id = g.id AND team = 'a'),
                (SELECT count(*) FROM gather_players WHERE gather_id = g.id AND team = 'b')
                FROM gathers g;
            SELECT 'u', username FROM users;
            SELECT 's', u.username FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.ended_at IS NULL;
            """)
        for row in rows.split(separator: "\n") {
            let fields = row.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            switch fields[0] {
            case "p": players[Int(fields[1])!] = fields[2...].joined(separator: "|")
            case "g": gathers[Int(fields[1])!] = fields[2...].joined(separator: "|")
            case "u": users.insert(fields[1])
            default: signedIn = fields[1]
            }
        }
    }

    var inProgress: (id: Int, a: Int, b: Int)? {
        for (id, value) in gathers {
            let fields = value.split(separator: "|").compactMap { Int($0) }
            if fields[0] == 0 { return (id, fields[1], fields[2]) }
        }
        return nil
    }

    var description: String {
        "players \(players.sorted { $0.key < $1.key }), gathers \(gathers.sorted { $0.key < $1.key }), "
            + "users \(users.sorted()), signed in \(signedIn ?? "nobody")"
    }
}

/// An ordinary command, chosen at random among those that make sense in the current state.
private enum Command: CustomStringConvertible {
    case addPlayer(name: String, age: Int?)
    case rename(id: Int, name: String)
    case setAge(id: Int, age: Int)
    case deletePlayer(id: Int)
    case newGather(teamA: [Int], teamB: [Int])
    case score(team: String)
    case endGather
    case tab(String)
    case back
    case open(String)
    case list
    case logout
    case register(String)
    case login

    static func next(after ledger: Ledger, newUser: String, using random: inout SeededGenerator) -> Command {
        if ledger.signedIn == nil {
            return Int.random(in: 0..<10, using: &random) < 3 ? .register(newUser) : .login
        }
        let ids = ledger.players.keys.sorted()
        let inProgress = ledger.inProgress
        var choices: [(weight: Int, make: (inout SeededGenerator) -> Command)] = [
            (
                22,
                {
                    .addPlayer(
                        name: "P\(Int.random(in: 1000...9999, using: &$0))",
                        age: [nil, 20, 31].randomElement(using: &$0)!)
                }
            ),
            (8, { .tab(["home", "players", "library", "questions", "profile"].randomElement(using: &$0)!) }),
            (5, { _ in .back }),
            (4, { _ in .list }),
            (3, { _ in .logout }),
        ]
        if !ids.isEmpty {
            choices += [
                (
                    8,
                    { .rename(id: ids.randomElement(using: &$0)!, name: "R\(Int.random(in: 1000...9999, using: &$0))") }
                ),
                (
                    5,
                    {
                        // Never the age the player has: the same age is "nothing changed" (exit 1).
                        let id = ids.randomElement(using: &$0)!
                        let current = ledger.players[id]?.split(separator: "|").last.flatMap { Int($0) }
                        var age = Int.random(in: 5...98, using: &$0)
                        if age == current { age += 1 }
                        return .setAge(id: id, age: age)
                    }
                ),
                (6, { .open("players/\(ids.randomElement(using: &$0)!)") }),
            ]
        }
        if ids.count > 4 { choices.append((6, { .deletePlayer(id: ids.randomElement(using: &$0)!) })) }
        if let inProgress {
            if inProgress.a < 100 && inProgress.b < 100 {
                choices.append((10, { .score(team: Bool.random(using: &$0) ? "a" : "b") }))
            }
            choices.append((5, { _ in .endGather }))
        } else if ids.count >= 2 {
            choices.append(
                (
                    6,
                    { random in
                        let picked = ids.shuffled(using: &random).prefix(min(ids.count, 6))
                        let half = picked.count / 2
                        return .newGather(teamA: Array(picked.prefix(half)), teamB: Array(picked.dropFirst(half)))
                    }
                ))
        }
        var roll = Int.random(in: 0..<choices.map(\.weight).reduce(0, +), using: &random)
        for choice in choices {
            if roll < choice.weight { return choice.make(&random) }
            roll -= choice.weight
        }
        return .list
    }

    var arguments: [String] {
        switch self {
        case .addPlayer(let name, let age):
            ["player", "add", "--name", name, "--quiet"] + (age.map { ["--age", "\($0)"] } ?? [])
        case .rename(let id, let name): ["player", "edit", "\(id)", "--name", name]
        case .setAge(let id, let age): ["player", "edit", "\(id)", "--age", "\(age)"]
        case .deletePlayer(let id): ["player", "delete", "\(id)", "--yes"]
        case .newGather(let a, let b):
            [
                "gather", "new", "--team-a", a.map(String.init).joined(separator: ","), "--team-b",
                b.map(String.init).joined(separator: ","), "--json",
            ]
        case .score(let team): ["gather", "score", team]
        case .endGather: ["gather", "end", "--yes"]
        case .tab(let name): ["tab", name]
        case .back: ["back"]
        case .open(let link): ["open", link]
        case .list: ["player", "list", "--json"]
        case .logout: ["logout"]
        case .register(let name): ["register", name, "--password-stdin", "--no-login"]
        case .login: ["login", "ana", "--password-stdin"]
        }
    }

    var readsPassword: Bool {
        switch self {
        case .register, .login: true
        default: false
        }
    }

    /// `register` hashes at the real cost, a second or so; the others take milliseconds.
    var kind: String {
        if case .register = self { return "register" }
        return "ordinary"
    }

    var description: String { "clubhouse " + arguments.joined(separator: " ") }

    /// The ledger once this command has landed; `newPlayer` and `newGather` are the ids a new row got.
    func applied(to ledger: Ledger, newPlayer: Int?, newGather: Int?) -> Ledger? {
        var after = ledger
        switch self {
        case .addPlayer(let name, let age):
            guard let newPlayer else { return nil }
            after.players[newPlayer] = "\(name)|\(age.map(String.init) ?? "-")"
        case .rename(let id, let name):
            guard let old = ledger.players[id] else { return nil }
            after.players[id] = name + "|" + old.split(separator: "|", omittingEmptySubsequences: false)[1]
        case .setAge(let id, let age):
            guard let old = ledger.players[id] else { return nil }
            after.players[id] = old.split(separator: "|", omittingEmptySubsequences: false)[0] + "|\(age)"
        case .deletePlayer(let id):
            after.players[id] = nil
        case .newGather(let a, let b):
            guard let newGather else { return nil }
            after.gathers[newGather] = "0|0|0|\(a.count)|\(b.count)"
        case .score(let team):
            guard let gather = ledger.inProgress else { return nil }
            let a = gather.a + (team == "a" ? 1 : 0)
            let b = gather.b + (team == "b" ? 1 : 0)
            let teams = ledger.gathers[gather.id]!.split(separator: "|").suffix(2).joined(separator: "|")
            after.gathers[gather.id] = "0|\(a)|\(b)|\(teams)"
        case .endGather:
            guard let gather = ledger.inProgress else { return nil }
            after.gathers[gather.id] = "1" + ledger.gathers[gather.id]!.dropFirst()
        case .tab, .back, .open, .list:
            break
        case .logout:
            after.signedIn = nil
        case .register(let name):
            after.users.insert(name)
        case .login:
            after.signedIn = "ana"
        }
        return after
    }

    /// The ledger after an acknowledged run, from what it printed.
    func acknowledged(_ ledger: Ledger, stdout: String) -> Ledger? {
        switch self {
        case .addPlayer:
            return applied(to: ledger, newPlayer: Int(stdout.trimmingCharacters(in: .newlines)), newGather: nil)
        case .newGather:
            let object = try? JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any]
            return applied(to: ledger, newPlayer: nil, newGather: object?["id"] as? Int)
        default:
            return applied(to: ledger, newPlayer: nil, newGather: nil)
        }
    }

    /// The two states a killed run may leave: nothing of it, or all of it.
    func outcomes(from ledger: Ledger, found: Ledger) -> [Ledger] {
        let newPlayer = Set(found.players.keys).subtracting(ledger.players.keys).first
        let newGather = Set(found.gathers.keys).subtracting(ledger.gathers.keys).first
        return [ledger] + [applied(to: ledger, newPlayer: newPlayer, newGather: newGather)].compactMap { $0 }
    }

    /// A navigation command that was acknowledged must have saved where it landed.
    var stateCheck: (sql: String, expected: String)? {
        let user = "(SELECT id FROM users WHERE username_key = 'ana')"
        switch self {
        case .tab(let name): return ("SELECT selected_tab FROM navigation_state WHERE user_id = \(user)", name)
        case .open(let link): return ("SELECT current_screen FROM navigation_state WHERE user_id = \(user)", link)
        default: return nil
        }
    }
}
