import Clubhouse
import ClubhouseSync
import Foundation
import GRDB

/// One account with `devices` live devices (`LiveSync` each, a file each, one instance) and a
/// burst of `changes` players added, either on the first device (one `perform`, one commit, each,
/// as fast as the library goes) or through the REST API (one `POST /v1/players` each, one after the
/// other: every one moves the log and pokes every device). Every device must converge on the same
/// records with none lost; the pulls each device made (its syncs that received something) must be
/// coalesced, far fewer than the changes.
struct Burst {
    enum Source: String {
        case device, rest
    }

    let url: String
    let devices: Int
    let changes: Int
    let source: Source
    let files: DeviceFiles
    let api: ServerAPI

    struct Figures {
        var source: Source
        var burstSeconds: Double
        var convergedSeconds: Double
        var identical: Bool
        var records: Int
        /// Per receiving device: syncs that pulled something, and the changes they pulled.
        var pulls: [Int]
        var pulled: [Int]
        /// The sending device's syncs that pushed, and when the first ended (after the burst began).
        var pushes: Int
        var firstPush: Double?
        /// What the sending device's live sync said from the burst's start to its first push.
        var senderSaid: [String]
        var server: [String: Double]
    }

    func run(account: String) async throws -> Figures {
        var all: [Device] = []
        for index in 0..<devices {
            all.append(try await files.device("D\(index)", account: account, url: url, register: index == 0))
        }
        let token = try await DatabaseQueue(path: all[0].path, configuration: readOnly).read {
            try String.fetchOne($0, sql: "SELECT token FROM sync_remote")
        }
        let runs = try all.map { try LiveRun($0) }
        for run in runs { try await run.synced() }
        let before = try await api.metrics(url)

        let clock = ContinuousClock()
        let start = clock.now
        let startWall = wallClock()
        for index in 0..<changes {
            let (name, age) = ("Burst \(index)", 5 + index % 95)
            switch source {
            case .device:
                let outcome = try all[0].app.perform(
                    Command(
                        link: .screen(.newPlayer),
                        .submit(
                            [(PlayerField.name.rawValue, name), (PlayerField.age.rawValue, String(age))],
                            discardingDraft: true)))
                guard case .form(.playerAdded, _) = outcome.result else {
                    throw BenchmarkError("player add answered \(outcome.result)")
                }
            case .rest:
                let (status, text) = try await api.call(
                    .POST, url + "/v1/players", json: #"{"name":"\#(name)","age":\#(age)}"#, token: token)
                guard status == 201 else { throw BenchmarkError("POST /v1/players: \(status) \(text)") }
            }
        }
        let burst = clock.now - start
        try await waitUntil("every device has the \(changes) players", seconds: 300, every: .milliseconds(50)) {
            try all.allSatisfy { try $0.playerCount() == changes }
        }
        let converged = clock.now - start
        // In step and quiet: nothing waiting, every stream open.
        for run in runs { try await run.synced() }
        for run in runs { await run.stop() }
        let after = try await api.metrics(url)

        let records = try all.map { try $0.players() }
        let receivers = (source == .device ? runs.dropFirst() : runs[...]).map { $0.reports }
        let pushed = runs[0].reports.filter { $0.report.pushed > 0 }
        return Figures(
            source: source, burstSeconds: seconds(burst), convergedSeconds: seconds(converged),
            identical: records.allSatisfy { $0 == records[0] }, records: records[0].count,
            pulls: receivers.map { $0.filter { $0.report.pulled > 0 }.count },
            pulled: receivers.map { $0.reduce(0) { $0 + $1.report.pulled } },
            pushes: pushed.count, firstPush: pushed.first.map { $0.at - startWall },
            senderSaid: runs[0].statuses.filter { $0.at >= startWall && $0.at <= (pushed.first?.at ?? .infinity) }
                .map { String(format: "%.2f s ", $0.at - startWall) + $0.status.label },
            server: after.merging(before) { $0 - $1 })
    }
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
