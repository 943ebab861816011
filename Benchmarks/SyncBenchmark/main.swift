// What a sync costs a device, against a real clubhouse-server on loopback (scripts/sync-benchmark
// starts PostgreSQL and the server, then runs this with --url):
//
//   SyncBenchmark --url http://127.0.0.1:PORT [--push 10000] [--pull 10000,100000] [--round-trips 100]
//                 [--server-pid PID]   (the server's CPU time during each measurement, read from /proc)
//
//   1. push: a device with N local changes (players added) syncs them all: time, peak RSS.
//   2. pull: for each size N, an account is filled with N changes (pushed by a device), then a new
//      device of that account pulls them all into an empty file: time, peak RSS. Memory must not
//      grow with N (pages are applied one at a time).
//   3. no-change sync: a synced device syncs again and again with nothing to send or receive:
//      p50 and p99 of the whole round trip.
//   A count of 0 (an empty --pull) leaves that measurement out: one figure, one short run.
//
// Each measurement runs in a child process of its own (this binary again), so its peak RSS
// (VmHWM) is its own. Only the setup reaches past the library (GRDB adds the players in one
// statement; the outbox triggers queue each one as they queue any insert); everything measured
// is the public API (ClubhouseApp.sync()).
import Clubhouse
import ClubhouseSync
import Foundation
import GRDB

let password = "bench-pass-1"

/// This process's peak resident memory in MiB (Linux).
func peakRSSMiB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kib = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
    else { return -1 }
    return kib / 1024
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// A fresh device file copied from the template (a local user signed in; hashing a password
/// costs 128 MiB, which must not count in a child's peak).
func device(from template: String) throws -> (ClubhouseApp, String) {
    let folder = NSTemporaryDirectory() + "clubhouse-syncbench-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let path = folder + "/device.sqlite"
    try FileManager.default.copyItem(atPath: template, toPath: path)
    return (try ClubhouseApp(path: path), path)
}

/// Adds `count` players in one statement; the outbox triggers queue each one.
func addPlayers(path: String, count: Int) throws {
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in
        try db.execute(
            sql: """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                INSERT INTO players (owner_id, name, age, skill, position, favourite_team)
                SELECT (SELECT user_id FROM sync_remote), 'Player ' || i, 5 + i % 95, 'amateur', 'striker',
                    'Boca Juniors' FROM n
                """, arguments: [count])
    }
    try queue.close()
}

// MARK: Children (one measurement each)

/// push TEMPLATE URL ACCOUNT N: registers ACCOUNT on the server, queues N changes, syncs them.
func childPush(template: String, url: String, account: String, count: Int) async throws {
    let (app, path) = try device(from: template)
    try await app.setRemote(url: url, username: account, password: password, register: true, deviceName: "pusher")
    try addPlayers(path: path, count: count)
    let clock = ContinuousClock()
    let start = clock.now
    let report = try await app.sync()
    let elapsed = clock.now - start
    print(
        String(
            format: "RESULT push changes=%d pushed=%d seconds=%.2f per_second=%.0f peak_rss_mib=%.1f", count,
            report.pushed, seconds(elapsed), Double(report.pushed) / seconds(elapsed), peakRSSMiB()))
}

/// pull TEMPLATE URL ACCOUNT: a new device of ACCOUNT pulls everything into its empty file.
func childPull(template: String, url: String, account: String) async throws {
    let (app, _) = try device(from: template)
    try await app.setRemote(url: url, username: account, password: password, deviceName: "puller")
    let before = peakRSSMiB()
    let clock = ContinuousClock()
    let start = clock.now
    let report = try await app.sync()
    let elapsed = clock.now - start
    print(
        String(
            format:
                "RESULT pull changes=%d seconds=%.2f per_second=%.0f peak_rss_mib=%.1f peak_rss_before_mib=%.1f",
            report.pulled, seconds(elapsed), Double(report.pulled) / seconds(elapsed), peakRSSMiB(), before))
}

/// roundtrip TEMPLATE URL ACCOUNT N: registers ACCOUNT; a synced device syncs N times with nothing to do.
func childRoundTrips(template: String, url: String, account: String, count: Int) async throws {
    let (app, _) = try device(from: template)
    try await app.setRemote(url: url, username: account, password: password, register: true, deviceName: "idle")
    _ = try await app.sync()
    let clock = ContinuousClock()
    var times: [Duration] = []
    for _ in 0..<count {
        let start = clock.now
        let report = try await app.sync()
        times.append(clock.now - start)
        guard report.pushed + report.pulled == 0 else { throw BenchmarkError("a no-change sync moved: \(report)") }
    }
    times.sort()
    let ms = { (d: Duration) in seconds(d) * 1000 }
    print(
        String(
            format: "RESULT no_change_sync count=%d p50_ms=%.2f p99_ms=%.2f max_ms=%.2f", count,
            ms(times[count / 2]), ms(times[min(count - 1, count * 99 / 100)]), ms(times[count - 1])))
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

// MARK: The parent

/// Runs this binary with `arguments` and passes on its RESULT line. Under `/usr/bin/time -v` when
/// there is one: its maximum resident set size, printed after, is the child's peak as the kernel
/// counts it (the same VmHWM the child reads, checked from outside).
func child(server: Int32?, _ arguments: [String]) throws {
    let serverBefore = server.flatMap(cpuSeconds)
    let process = Process()
    let timeTool = "/usr/bin/time"
    let timed = FileManager.default.isExecutableFile(atPath: timeTool)
    let report = NSTemporaryDirectory() + "clubhouse-syncbench-time-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: report) }
    if timed {
        process.executableURL = URL(fileURLWithPath: timeTool)
        process.arguments = ["-v", "-o", report, CommandLine.arguments[0]] + arguments
    } else {
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = arguments
    }
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    FileHandle.standardOutput.write(Data(text.utf8))
    guard process.terminationStatus == 0 else { throw BenchmarkError("\(arguments[0]) failed: \(text)") }
    // CPU time as well as wall time: on a busy machine the wall time mostly measures the wait.
    var figures: [String] = []
    if timed, let lines = try? String(contentsOfFile: report, encoding: .utf8) {
        func value(_ label: String) -> Double? {
            lines.split(separator: "\n").first { $0.contains(label) }
                .flatMap { $0.split(separator: " ").last }.flatMap { Double($0) }
        }
        if let kib = value("Maximum resident set size") {
            figures.append("time_v_max_rss_mib=" + String(format: "%.1f", kib / 1024))
        }
        if let user = value("User time (seconds)"), let system = value("System time (seconds)") {
            figures.append("device_cpu_s=" + String(format: "%.2f", user + system))
        }
    }
    if let before = serverBefore, let after = server.flatMap(cpuSeconds) {
        figures.append("server_cpu_s=" + String(format: "%.2f", after - before))
    }
    if !figures.isEmpty {
        FileHandle.standardOutput.write(Data("RESULT \(arguments[0]) \(figures.joined(separator: " "))\n".utf8))
    }
}

/// A process's CPU time so far (user and system), from /proc (Linux).
func cpuSeconds(_ pid: Int32) -> Double? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let end = stat.lastIndex(of: ")")
    else { return nil }
    // After "pid (name)": state is field 3, utime 14, stime 15.
    let fields = stat[stat.index(after: end)...].split(separator: " ")
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}

func parent(url: String, push: Int, pulls: [Int], roundTrips: Int, server: Int32?) throws {
    let folder = NSTemporaryDirectory() + "clubhouse-syncbench-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let template = folder + "/template.sqlite"
    try ClubhouseApp(path: template).register(username: "bench", password: password, signingIn: true)
    let run = String(UInt32.random(in: 0..<UInt32.max), radix: 36)

    // A count of 0 (or no pull sizes) leaves that measurement out: one figure, one short run.
    if push > 0 { try child(server: server, ["push", template, url, "push\(run)", String(push)]) }
    for size in pulls where size > 0 {
        let account = "pull\(size)x\(run)"
        try child(server: server, ["push", template, url, account, String(size)])
        try child(server: server, ["pull", template, url, account])
    }
    if roundTrips > 0 { try child(server: server, ["roundtrip", template, url, "idle\(run)", String(roundTrips)]) }
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "push" where arguments.count == 5:
        try await childPush(template: arguments[1], url: arguments[2], account: arguments[3], count: Int(arguments[4])!)
    case "pull" where arguments.count == 4:
        try await childPull(template: arguments[1], url: arguments[2], account: arguments[3])
    case "roundtrip" where arguments.count == 5:
        try await childRoundTrips(
            template: arguments[1], url: arguments[2], account: arguments[3], count: Int(arguments[4])!)
    default:
        var url: String?
        var push = 10_000
        var pulls = [10_000, 100_000]
        var roundTrips = 100
        var server: Int32?
        var options = arguments.makeIterator()
        while let option = options.next() {
            switch option {
            case "--url": url = options.next()
            case "--push": push = options.next().flatMap(Int.init) ?? push
            case "--pull": pulls = (options.next() ?? "").split(separator: ",").compactMap { Int($0) }
            case "--round-trips": roundTrips = options.next().flatMap(Int.init) ?? roundTrips
            case "--server-pid": server = options.next().flatMap(Int32.init)
            default: url = nil
            }
        }
        guard let url else {
            print(
                "usage: SyncBenchmark --url http://HOST:PORT [--push N] [--pull N,N,...] [--round-trips N]"
                    + " [--server-pid PID]")
            exit(64)
        }
        try parent(url: url, push: push, pulls: pulls, roundTrips: roundTrips, server: server)
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
