// Live sync against real servers (scripts/live-benchmark builds release, starts a throwaway
// PostgreSQL and two clubhouse-server processes on it, then runs this):
//
//   LiveBenchmark --url http://127.0.0.1:P1 [--other-url http://127.0.0.1:P2] --server-pid PID
//                 [--database-url URL --psql PATH]   (the breakdown of the latency, from sync_log)
//                 [--only latency,burst,idle] [--changes 200] [--spacing-ms 100]
//                 [--devices 10] [--burst 1000] [--idle-streams 1000] [--per-account 25]
//                 [--hold-seconds 180] [--sample-seconds 30]
//
//   1. latency: commit on device A → the new value in device B's observation, both live, through
//      one instance, then (with --other-url) A on one and B on the other (Latency.swift).
//   2. burst: 10 live devices of one account, 1 000 players added on one (Burst.swift).
//   3. idle: 1 000 open change streams on one instance for 3 minutes (IdleStreams.swift).
import Foundation

var firstURL: String?
var otherURL: String?
var pidOption: Int32?
var database: String?
var psqlPath: String?
var only: Set<String> = ["latency", "burst", "idle"]
var changes = 200
var spacingMs = 100
var devices = 10
var burstChanges = 1000
var idleStreams = 1000
var perAccount = 25
var holdSeconds = 180
var sampleSeconds = 30
var options = CommandLine.arguments.dropFirst().makeIterator()
while let option = options.next() {
    let value = options.next()
    switch option {
    case "--url": firstURL = value
    case "--other-url": otherURL = value
    case "--server-pid": pidOption = value.flatMap(Int32.init)
    case "--database-url": database = value
    case "--psql": psqlPath = value
    case "--only": only = Set((value ?? "").split(separator: ",").map(String.init))
    case "--changes": changes = value.flatMap(Int.init) ?? changes
    case "--spacing-ms": spacingMs = value.flatMap(Int.init) ?? spacingMs
    case "--devices": devices = value.flatMap(Int.init) ?? devices
    case "--burst": burstChanges = value.flatMap(Int.init) ?? burstChanges
    case "--idle-streams": idleStreams = value.flatMap(Int.init) ?? idleStreams
    case "--per-account": perAccount = value.flatMap(Int.init) ?? perAccount
    case "--hold-seconds": holdSeconds = value.flatMap(Int.init) ?? holdSeconds
    case "--sample-seconds": sampleSeconds = value.flatMap(Int.init) ?? sampleSeconds
    default: firstURL = nil
    }
}
guard let url = firstURL, let serverPID = pidOption, changes > 0, devices > 1, (1...32).contains(perAccount) else {
    print(
        "usage: LiveBenchmark --url URL [--other-url URL] --server-pid PID [--database-url URL --psql PATH]"
            + " [--only latency,burst,idle] [--changes N] [--spacing-ms N] [--devices N] [--burst N]"
            + " [--idle-streams N] [--per-account N≤32] [--hold-seconds N] [--sample-seconds N]")
    exit(64)
}

let run = String(UInt32.random(in: 0..<UInt32.max), radix: 36)
let files = try DeviceFiles()
let api = ServerAPI(streams: max(idleStreams, 64))
print("load average \(loadAverage()) at the start, \(ProcessInfo.processInfo.activeProcessorCount) cores")

do {
    if only.contains("latency") {
        var cases = [("one instance", url)]
        if let otherURL { cases.append(("two instances", otherURL)) }
        var results: [Latency.Figures] = []
        for (index, (label, bURL)) in cases.enumerated() {
            let latency = Latency(
                label: label, aURL: url, bURL: bURL, changes: changes, spacing: .milliseconds(spacingMs),
                files: files, api: api, psql: psqlPath.flatMap { path in database.map { (path, $0) } })
            results.append(try await latency.run(account: "latency\(index)x\(run)"))
        }
        print(
            "\n## Commit on A → seen on B (\(changes) changes, one every \(spacingMs) ms; ms; load \(loadAverage()))\n")
        print("| A and B | changes seen | p50 | p99 | max | B's pulls |")
        print("|---|---|---|---|---|---|")
        for figures in results {
            print(
                "| \(figures.label) | \(figures.total.count) | \(ms(percentile(figures.total, 0.5))) "
                    + "| \(ms(percentile(figures.total, 0.99))) | \(ms(figures.total.max())) | \(figures.pulls) |")
        }
        if results.contains(where: { !$0.toLogged.isEmpty }) {
            print("\nWhere the time goes, p50 / p99 (ms):\n")
            print(
                "| A and B | commit → push logged | logged → poke on B's instance | poke → B pulled | B pulled → B seen |"
            )
            print("|---|---|---|---|---|")
            for figures in results {
                let cells = [figures.toLogged, figures.loggedToPoke, figures.pokeToPulled, figures.pulledToSeen].map {
                    "\(ms(percentile($0, 0.5))) / \(ms(percentile($0, 0.99)))"
                }
                print("| \(figures.label) | " + cells.joined(separator: " | ") + " |")
            }
        }
    }

    if only.contains("burst") {
        var results: [Burst.Figures] = []
        for (index, source) in [Burst.Source.rest, .device].enumerated() {
            let burst = Burst(
                url: url, devices: devices, changes: burstChanges, source: source, files: files, api: api)
            results.append(try await burst.run(account: "burst\(index)x\(run)"))
        }
        print(
            "\n## \(devices) live devices of one account, a burst of \(burstChanges) players (load \(loadAverage()))\n")
        print(
            "| | "
                + results.map { $0.source == .rest ? "through the REST API" : "added on device D0" }.joined(
                    separator: " | ") + " |")
        print("|---|" + results.map { _ in "---|" }.joined())
        func row(_ label: String, _ cell: (Burst.Figures) -> String) {
            print("| \(label) | " + results.map(cell).joined(separator: " | ") + " |")
        }
        row("the burst (one request, or one commit, per player)") { String(format: "%.2f s", $0.burstSeconds) }
        row("every device has them all, after the burst began") { String(format: "%.2f s", $0.convergedSeconds) }
        row("records on each device; identical on all") { "\($0.records); \($0.identical ? "yes" : "NO")" }
        row("receiving devices") { "\($0.pulls.count)" }
        row("pulls per receiving device (syncs that received), min / median / max") {
            let pulls = $0.pulls.sorted()
            return "\(pulls.first ?? 0) / \(pulls[pulls.count / 2]) / \(pulls.last ?? 0)"
        }
        row("changes pulled per receiving device") { Set($0.pulled).sorted().map(String.init).joined(separator: ", ") }
        row("D0's syncs that pushed; the first ended after") {
            $0.source == .rest ? "–" : "\($0.pushes); " + ($0.firstPush.map { String(format: "%.2f s", $0) } ?? "–")
        }
        row("what D0's live sync said until then") {
            $0.source == .rest ? "–" : $0.senderSaid.isEmpty ? "nothing" : $0.senderSaid.joined(separator: ", ")
        }
        for key in ["GET /v1/sync/changes", "POST /v1/sync/push", "clubhouse_live_pokes_total"] {
            row("server: \(key == "clubhouse_live_pokes_total" ? "pokes written" : key)") {
                String(Int($0.server[key] ?? 0))
            }
        }
    }

    if only.contains("idle") {
        let idle = IdleStreams(
            url: url, serverPID: serverPID, streams: idleStreams, perAccount: perAccount,
            hold: .seconds(holdSeconds), every: .seconds(sampleSeconds), api: api)
        let figures = try await idle.run(prefix: "idle\(run)x")
        print(
            "\n## \(idleStreams) idle change streams on one instance, \(perAccount) per account, held \(holdSeconds) s (load \(loadAverage()))\n"
        )
        print(
            String(
                format: "Before they opened: server RSS %.1f MiB (peak so far %.1f MiB). Opened in %.1f s; ",
                figures.before.rssMiB, figures.before.peakMiB, figures.opening)
                + "the server counted \(figures.serverStreams.map { String(Int($0)) } ?? "?") streams "
                + "(\(figures.serverStreamsBefore.map { String(Int($0)) } ?? "?") before); \(figures.refused) refused.\n"
        )
        print(
            "| s | streams open | server RSS (MiB) | server CPU since before they opened (s) | bytes read by the clients |"
        )
        print("|---|---|---|---|---|")
        for sample in figures.samples {
            print(
                String(
                    format: "| %d | %d | %.1f | %.2f | %d |", sample.second, sample.open, sample.rssMiB,
                    sample.cpuSeconds, sample.bytesRead))
        }
        if let first = figures.samples.first, let last = figures.samples.last, last.second > first.second {
            let minutes = Double(last.second - first.second) / 60
            print(
                String(
                    format: "\nServer CPU %.2f s per minute with the streams open (%.2f%% of a core).",
                    (last.cpuSeconds - first.cpuSeconds) / minutes,
                    (last.cpuSeconds - first.cpuSeconds) / minutes / 60 * 100))
        }
        print(
            "The server gave their places back "
                + (figures.givenBack.map { String(format: "%.1f s after the clients closed them.", $0) }
                    ?? "not within 60 s of the clients closing them."))
        if !figures.endedEarly.isEmpty {
            print("Streams that ended early: \(figures.endedEarly.count), e.g. \(figures.endedEarly[0])")
        }
    }
    if let sample = ProcessSample(pid: serverPID) {
        print(String(format: "\nServer (first instance) peak RSS over the whole run: %.1f MiB", sample.peakMiB))
    }
    print("load average \(loadAverage()) at the end")
    await api.shutdown()
    files.remove()
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    await api.shutdown()
    files.remove()
    exit(1)
}
