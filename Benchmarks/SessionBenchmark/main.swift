// One long-lived ClubhouseApp through many actions, on files of growing size: the cost per action
// of the library's one road (restore check, link or action, save, journal) for a client that keeps
// one app open, as the terminal app will.
//
//   swift run -c release SessionBenchmark [--actions 10000] [--players 1000,1000000]
//
// Each action is one transaction, cycled in this order: select a tab (library, then players),
// open a player, back, open the add-player form, type one character more into its draft, undo.
// Then, on the players list, what a full-screen list does per keystroke: move the selection
// (down, mostly; a page up or down now and then; a jump to a random player) and read the window
// of 30 rows around it (keyset reads, one read transaction), each measured alone.
// Prints p50, p99 and max per kind of action, in microseconds. Only the setup reaches past the
// library (GRDB fills the players table in one statement); everything measured is public API.
import Clubhouse
import Foundation
import GRDB

var actions = 10_000
var sizes = [1_000, 1_000_000]
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--actions": actions = arguments.next().flatMap(Int.init) ?? actions
    case "--players": sizes = (arguments.next() ?? "").split(separator: ",").compactMap { Int($0) }
    default:
        print("usage: SessionBenchmark [--actions N] [--players N,N,...]")
        exit(64)
    }
}

enum Kind: String, CaseIterable {
    case tab
    case openPlayer = "open player"
    case back
    case openForm = "open form"
    case type, undo
    case move = "move"
    case window = "window"
    case keystroke = "move+window"
}

func measure(players: Int, actions: Int) throws -> [Kind: [Duration]] {
    let folder = NSTemporaryDirectory() + "clubhouse-bench-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/bench.sqlite"

    let app = try ClubhouseApp(path: path)
    try app.register(username: "bench", password: "bench-pass")
    try app.signIn(username: "bench", password: "bench-pass")
    // The players, straight into the file: a million adds through the form would be the benchmark.
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in
        try db.execute(
            sql: """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                INSERT INTO players (owner_id, name, age, skill, position, favourite_team)
                SELECT (SELECT id FROM users), 'Player ' || i, 5 + i % 95, 'amateur', 'striker', 'Boca Juniors' FROM n
                """, arguments: [players])
    }
    try queue.close()

    var generator = SystemRandomNumberGenerator()
    var timings: [Kind: [Duration]] = [:]
    let clock = ContinuousClock()
    var typed = ""
    let navigation: [Kind] = [.tab, .openPlayer, .back, .openForm, .type, .undo]
    for index in 0..<actions {
        let kind = navigation[index % navigation.count]
        let started = clock.now
        switch kind {
        case .tab: try app.select(index % 12 == 0 ? .library : .players)
        case .openPlayer: try app.open("players/\(Int.random(in: 1...players, using: &generator))")
        case .back: try app.back()
        case .openForm: try app.open("players/new")
        case .type:
            // One keystroke more; the name field takes at most 100 characters.
            typed = typed.count >= 60 ? "Z" : typed + "z"
            try app.type([("name", typed)])
        case .undo: try app.undo()
        case .move, .window, .keystroke: break
        }
        timings[kind, default: []].append(clock.now - started)
    }

    // The players list, a keystroke at a time: the move through the one road, then the rows to draw.
    try app.open("players")
    for index in 0..<actions {
        let move: SelectionMove =
            switch index % 50 {
            case 0: .row(String(Int.random(in: 1...players, using: &generator)))
            case 10: .by(-20)
            case 20: .by(20)
            default: .by(1)
            }
        let started = clock.now
        try app.moveSelection(move)
        let moved = clock.now
        guard case .players(let window) = try app.readWindow(count: 30, above: 10), window.rows.count == 30 else {
            fatalError("the players list should show 30 rows")
        }
        let shown = clock.now
        timings[.move, default: []].append(moved - started)
        timings[.window, default: []].append(shown - moved)
        timings[.keystroke, default: []].append(shown - started)
    }
    return timings
}

func microseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    return String(format: "%8.0f", Double(seconds) * 1e6 + Double(attoseconds) / 1e12)
}

print("clubhouse \(ClubhouseApp.version), \(actions) actions per size, times in µs")
for players in sizes {
    let timings = try measure(players: players, actions: actions)
    print("\n\(players) players")
    print("action             p50      p99      max")
    var all: [Duration] = []
    for kind in Kind.allCases {
        let sorted = (timings[kind] ?? []).sorted()
        guard !sorted.isEmpty else { continue }
        // A keystroke is a move and a window, already counted.
        if kind != .keystroke { all += sorted }
        let p50 = sorted[sorted.count / 2]
        let p99 = sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
        print(
            kind.rawValue.padding(toLength: 13, withPad: " ", startingAt: 0), microseconds(p50), microseconds(p99),
            microseconds(sorted.last!))
    }
    all.sort()
    print(
        "all          ", microseconds(all[all.count / 2]), microseconds(all[all.count * 99 / 100]),
        microseconds(all.last!))
}
