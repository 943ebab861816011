import Clubhouse
import ClubhouseSync
import Foundation
import GRDB
import Synchronization

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

let password = "bench-pass-1"

/// A value behind a lock, shareable by the closures that record what happened (a `Mutex` itself
/// cannot be captured by them).
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { mutex = Mutex(value) }
    func withLock<T>(_ body: (inout Value) -> T) -> T { mutex.withLock { body(&$0) } }
}

/// Wall-clock seconds: every timestamp of a run is taken this way, so that they compare with
/// PostgreSQL's `now()` on the same machine.
func wallClock() -> Double { Date().timeIntervalSince1970 }

/// The value at `fraction` (0.5, 0.99) of `values`, sorted or not; nil when empty.
func percentile(_ values: [Double], _ fraction: Double) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.down)))]
}

/// Milliseconds as a table cell ("–" for none).
func ms(_ seconds: Double?) -> String {
    guard let seconds else { return "–" }
    return String(format: "%.0f", seconds * 1000)
}

/// Polls `condition` until it holds or `seconds` pass.
func waitUntil(
    _ what: String, seconds: Double = 60, every: Duration = .milliseconds(10), _ condition: () throws -> Bool
) async throws {
    let end = wallClock() + seconds
    while wallClock() < end {
        if try condition() { return }
        try await Task.sleep(for: every)
    }
    throw BenchmarkError("\(what): not within \(Int(seconds)) s")
}

// MARK: A server process, seen from /proc (Linux)

struct ProcessSample {
    /// Resident memory now (VmRSS) and at its peak (VmHWM), MiB.
    var rssMiB: Double
    var peakMiB: Double
    /// User and system CPU time so far.
    var cpuSeconds: Double

    init?(pid: Int32) {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return nil }
        func kib(_ label: String) -> Double? {
            status.split(separator: "\n").first { $0.hasPrefix(label) }
                .flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Double($0) }
        }
        // After "pid (name)": state is field 3, utime 14, stime 15.
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        guard let rss = kib("VmRSS:"), let peak = kib("VmHWM:"), fields.count > 12,
            let user = Double(fields[11]), let system = Double(fields[12])
        else { return nil }
        rssMiB = rss / 1024
        peakMiB = peak / 1024
        cpuSeconds = (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}

func loadAverage() -> String {
    ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?")
        .split(separator: " ").prefix(3).joined(separator: " ")
}

// MARK: Devices

/// Device files: each a copy of one template whose local user is signed in (hashing a local
/// password takes a second and 128 MiB: paid once), its remote set on the server account.
final class DeviceFiles: Sendable {
    let folder: String
    let template: String

    init() throws {
        folder = NSTemporaryDirectory() + "clubhouse-livebench-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        template = folder + "/template.sqlite"
        _ = try ClubhouseApp(path: template).register(username: "bench", password: password, signingIn: true)
    }

    /// A new device of `account` on `url` (with `register`, signing the account up first). The
    /// sign-in costs the server a password hash at its production cost (it has no testing flag).
    func device(_ name: String, account: String, url: String, register: Bool = false) async throws -> Device {
        let path = folder + "/\(name)-\(UUID().uuidString).sqlite"
        try FileManager.default.copyItem(atPath: template, toPath: path)
        let app = try ClubhouseApp(path: path)
        _ = try await app.setRemote(
            url: url, username: account, password: password, register: register, deviceName: name)
        return Device(name: name, path: path, app: app)
    }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }
}

/// How this benchmark reads a device's file beside the app and live sync writing it.
var readOnly: Configuration {
    var configuration = Configuration()
    configuration.readonly = true
    configuration.busyMode = .timeout(5)
    return configuration
}

struct Device: Sendable {
    let name: String
    let path: String
    let app: ClubhouseApp

    /// The players in the file.
    func playerCount() throws -> Int {
        let queue = try DatabaseQueue(path: path, configuration: readOnly)
        defer { try? queue.close() }
        return try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM players") ?? 0 }
    }

    /// The account's players as this device holds them: key and synced fields, in key order.
    func players() throws -> [String] {
        let queue = try DatabaseQueue(path: path, configuration: readOnly)
        defer { try? queue.close() }
        return try queue.read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT key || ' ' || fields FROM sync_player_fields
                    WHERE owner_id = (SELECT user_id FROM sync_remote) ORDER BY key
                    """)
        }
    }
}

/// A `LiveSync` run in a task, keeping what it said and when. With `cursor`, each report is
/// stamped with the device's cursor as stored right after it (which changes of the log it holds).
final class LiveRun: Sendable {
    struct Report: Sendable {
        var at: Double
        var report: SyncReport
        var cursor: Int64?
    }
    private struct Said: Sendable {
        var statuses: [(at: Double, status: LiveStatus)] = []
        var reports: [Report] = []
    }

    private let task: Task<Void, any Error>
    private let said = Locked(Said())

    init(_ device: Device, cursor: Bool = false) throws {
        let reader = cursor ? try DatabaseQueue(path: device.path, configuration: readOnly) : nil
        let live = LiveSync(path: device.path)
        task = Task { [said] in
            try await live.run { event in
                let at = wallClock()
                switch event {
                case .status(let status): said.withLock { $0.statuses.append((at, status)) }
                case .synced(let report):
                    let cursor = try? reader?.read { try Int64.fetchOne($0, sql: "SELECT cursor FROM sync_remote") }
                    said.withLock { $0.reports.append(Report(at: at, report: report, cursor: cursor ?? nil)) }
                }
            }
        }
    }

    var status: LiveStatus? { said.withLock { $0.statuses.last?.status } }
    var statuses: [(at: Double, status: LiveStatus)] { said.withLock { $0.statuses } }
    var reports: [Report] { said.withLock { $0.reports } }

    func synced(seconds: Double = 60) async throws {
        try await waitUntil("live sync in step", seconds: seconds) { status == .synced }
    }

    func stop() async {
        task.cancel()
        _ = await task.result
    }
}
