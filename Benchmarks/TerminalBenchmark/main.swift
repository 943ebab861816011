// The terminal app's keystroke to frame, in process, with a large players list: each key goes
// through the session (KeyMap, then ClubhouseApp's one road, then the rows in view), is drawn
// (ScreenDrawing) and diffed against the frame before (FrameDiff); the terminal write is left
// out. Prints p50/p99/max per kind of key in microseconds (wall time, and this thread's CPU
// time), and the bytes each writes. The database goes in a new folder under --folder (default:
// the system's temporary folder; give /dev/shm for a file in memory, which leaves out the disk's
// fsync of each keystroke's commit).
//
//   swift run -c release TerminalBenchmark [--players 1000000] [--keys 2000] [--folder /dev/shm]
import Clubhouse
import ClubhouseTerminal
import Foundation
import GRDB

var players = 1_000_000
var keys = 2_000
var parent = NSTemporaryDirectory()
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--players": players = arguments.next().flatMap(Int.init) ?? players
    case "--keys": keys = arguments.next().flatMap(Int.init) ?? keys
    case "--folder": parent = arguments.next() ?? parent
    default:
        print("usage: TerminalBenchmark [--players N] [--keys N] [--folder PATH]")
        exit(64)
    }
}

let folder = (parent as NSString).appendingPathComponent("clubhouse-terminal-bench-" + UUID().uuidString)
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
defer { try? FileManager.default.removeItem(atPath: folder) }
let path = folder + "/bench.sqlite"
let app = try ClubhouseApp(path: path)
try app.register(username: "bench", password: "bench-pass", signingIn: true)
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

let session = try TerminalSession(app: app, layout: Layout(width: 80, height: 24))
let diff = FrameDiff(colours: true)
var shown = session.frame()
_ = session.handle(.character("2"))
shown = session.frame()

let clock = ContinuousClock()
var timings: [String: [Duration]] = [:]
// The CPU time of this thread too (the library runs SQLite on it): what a key costs whatever
// else the machine's cores are doing, which wall time on a shared machine does not tell.
var cpuTimings: [String: [Duration]] = [:]

func threadCPU() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
}
var bytes: [String: [Int]] = [:]

@MainActor func press(_ name: String, _ key: Key) {
    let start = clock.now
    let startCPU = threadCPU()
    _ = session.handle(key)
    let frame = session.frame()
    let written = diff.bytes(from: shown, to: frame)
    timings[name, default: []].append(clock.now - start)
    cpuTimings[name, default: []].append(threadCPU() - startCPU)
    bytes[name, default: []].append(written.count)
    shown = frame
}

for round in 0..<keys {
    press("move", round % 40 < 20 ? .down : .up)
    if round % 10 == 0 {
        press("open", .enter)
        press("back", .escape)
        press("tab", .character("4"))  // the library, a long list like the players
        press("tab", .character("2"))
    }
}
_ = session.handle(.character("n"))
shown = session.frame()
guard session.screen == .form else {
    print("the add-player form did not open: \(session.display.message.map { "\($0)" } ?? "")")
    exit(1)
}
for round in 0..<keys / 4 {
    // Now and then Tab: the cursor's field is stored too, one transaction a move.
    if round % 50 == 25 {
        press("field", .tab)
    } else {
        press("type", round % 50 == 49 ? .backspace : .character("a"))
    }
}

nonisolated func micros(_ duration: Duration) -> Int {
    Int(duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000)
}
print("players: \(players), keys: \(keys), database in \(parent)")
print("key       n     p50 µs   p99 µs   max µs   cpu p50  cpu p99  bytes p50  bytes max")
for name in ["move", "open", "back", "tab", "type", "field"] {
    let sorted = (timings[name] ?? []).sorted()
    let cpu = (cpuTimings[name] ?? []).sorted()
    let sizes = (bytes[name] ?? []).sorted()
    guard !sorted.isEmpty else { continue }
    func at(_ q: Double, _ list: [Duration] = sorted) -> Int {
        micros(list[min(list.count - 1, Int(Double(list.count) * q))])
    }
    print(
        name.padding(toLength: 8, withPad: " ", startingAt: 0),
        String(sorted.count).padding(toLength: 6, withPad: " ", startingAt: 0),
        String(at(0.5)).padding(toLength: 9, withPad: " ", startingAt: 0),
        String(at(0.99)).padding(toLength: 9, withPad: " ", startingAt: 0),
        String(micros(sorted.last!)).padding(toLength: 9, withPad: " ", startingAt: 0),
        String(at(0.5, cpu)).padding(toLength: 8, withPad: " ", startingAt: 0),
        String(at(0.99, cpu)).padding(toLength: 8, withPad: " ", startingAt: 0),
        String(sizes[sizes.count / 2]).padding(toLength: 11, withPad: " ", startingAt: 0), sizes.last!)
}
