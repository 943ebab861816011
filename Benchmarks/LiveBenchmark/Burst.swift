import Clubhouse
import ClubhouseSync
import Foundation

/// One account with `devices` live devices (`LiveSync` each, a file each, one instance) and a
/// burst of `changes` players added on the first, one `perform` (one commit) each, as fast as the
/// library goes. Every device must converge on the same records with none lost; the pulls each
/// device made (its syncs that received something) must be coalesced, far fewer than the changes.
struct Burst {
    let url: String
    let devices: Int
    let changes: Int
    let files: DeviceFiles
    let api: ServerAPI

    struct Figures {
        var burstSeconds: Double
        var convergedSeconds: Double
        var identical: Bool
        var records: Int
        /// Per receiving device: syncs that pulled something, and the changes they pulled.
        var pulls: [Int]
        var pulled: [Int]
        /// The sender's pushes.
        var pushes: Int
        var server: [String: Double]
    }

    func run(account: String) async throws -> Figures {
        var all: [Device] = []
        for index in 0..<devices {
            all.append(try await files.device("D\(index)", account: account, url: url, register: index == 0))
        }
        let runs = try all.map { try LiveRun($0) }
        for run in runs { try await run.synced() }
        let before = try await api.metrics(url)

        let clock = ContinuousClock()
        let start = clock.now
        let sender = all[0].app
        for index in 0..<changes {
            let outcome = try sender.perform(
                Command(
                    link: .screen(.newPlayer),
                    .submit(
                        [
                            (PlayerField.name.rawValue, "Burst \(index)"),
                            (PlayerField.age.rawValue, String(5 + index % 95)),
                        ],
                        discardingDraft: true)))
            guard case .form(.playerAdded, _) = outcome.result else {
                throw BenchmarkError("player add answered \(outcome.result)")
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
        let receivers = runs.dropFirst().map { $0.reports }
        return Figures(
            burstSeconds: seconds(burst), convergedSeconds: seconds(converged),
            identical: records.allSatisfy { $0 == records[0] }, records: records[0].count,
            pulls: receivers.map { $0.filter { $0.report.pulled > 0 }.count },
            pulled: receivers.map { $0.reduce(0) { $0 + $1.report.pulled } },
            pushes: runs[0].reports.filter { $0.report.pushed > 0 }.count,
            server: after.merging(before) { $0 - $1 })
    }
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
