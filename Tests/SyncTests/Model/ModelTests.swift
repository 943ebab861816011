import ClubhouseTestSupport
import Foundation
import Testing

/// The model-based sync test: random interleavings over three devices of one account (local
/// edits through the library, REST writes, syncs in random orders, and on the built binaries
/// kills of a device's `clubhouse sync` and of the server mid-sync) checked against `SyncModel`,
/// docs/sync.md's rules written small. After every sync the device and the server hold what the
/// model holds; once quiet every file passes `check`. A failure names its seed; the first failing
/// seed of a test is shrunk to a shorter step list, the others name their seed only (each shrink
/// replays for up to five minutes, and a machine too loaded for the runs' timing would otherwise
/// shrink every seed, past the CI's time). A fixed set of seeds always runs; `SYNC_SEEDS=n` runs n more, `SYNC_SEED=s` replays one.
///
/// Not `.heavy`: the run's longest suite (one test at a time, mostly one core's work) starts at
/// once beside the others rather than waiting for a turn behind them.
@Suite("Model", .serialized)
struct ModelTests {
    /// Steps per seed: enough for every kind of step to meet the others a few times.
    static let steps = 120
    static let fixedSeeds: [UInt64] = (1...20).map { 2_026_112_700 + $0 }
    static let fixedKillSeeds: [UInt64] = [2_026_112_801, 2_026_112_802, 2_026_112_803]
    /// One seed's bound (`Watchdog`): about a minute on a loaded machine, so only a wait that never
    /// ends reaches it.
    static let seedLimit: Duration = .seconds(600)

    static func seeds(_ fixed: [UInt64]) -> [UInt64] {
        let environment = ProcessInfo.processInfo.environment
        if let replay = environment["SYNC_SEED"].flatMap(UInt64.init) { return [replay] }
        let more = environment["SYNC_SEEDS"].flatMap(Int.init) ?? 0
        var system = SystemRandomNumberGenerator()
        return fixed + (0..<max(0, more)).map { _ in system.next() % 10_000_000_000 }
    }

    @Test func devicesAndServerMatchTheModelInProcess() async {
        let tally = ModelTally()
        let start = ContinuousClock.now
        for seed in Self.seeds(Self.fixedSeeds) {
            await Self.check(seed: seed, kills: false, tally: tally)
        }
        print("model, in process: \(tally.description) in \(ContinuousClock.now - start)")
    }

    /// The same on the built `clubhouse` and `clubhouse-server`, with kills: fewer seeds (each
    /// device signs in at the CLI's hashing cost, and a killed server takes a while to come back).
    @Test func devicesAndServerMatchTheModelThroughKills() async {
        let tally = ModelTally()
        let start = ContinuousClock.now
        for seed in Self.seeds(Self.fixedKillSeeds) {
            await Self.check(seed: seed, kills: true, tally: tally)
        }
        print("model, with kills: \(tally.description) in \(ContinuousClock.now - start)")
    }

    /// Issue 42, item 1: a step in ten is two `clubhouse sync` processes on one file at once, with
    /// REST writes landing under their pulls, every device reaching the server through a slow
    /// network that cuts pulls into pages of a few changes (`SlowProxy`), so that the two
    /// processes' pages cross. (With item 1's fix taken out it still passed 8 seeds: the
    /// interleaving that diverges for good is rare; TwoSyncsOneFileTests replays it exactly.)
    static let fixedTwoSyncSeeds: [UInt64] = [2_026_120_201, 2_026_120_202, 2_026_120_203, 2_026_120_204]
    static let twoSyncSteps = 80

    @Test func twoSyncsOfOneFileOnASlowNetworkMatchTheModel() async {
        let tally = ModelTally()
        let start = ContinuousClock.now
        for seed in Self.seeds(Self.fixedTwoSyncSeeds) {
            await Self.check(seed: seed, kills: false, slowNetwork: true, tally: tally)
        }
        print("model, two syncs of one file on a slow network: \(tally.description) in \(ContinuousClock.now - start)")
    }

    static func check(seed: UInt64, kills: Bool, slowNetwork: Bool = false, tally: ModelTally) async {
        let steps = ModelScript.steps(
            seed: seed, count: slowNetwork ? Self.twoSyncSteps : Self.steps, kills: kills, twoSyncs: slowNetwork)
        let network = slowNetwork ? seed : nil
        let server: TestSyncServer.Kind = kills ? .process : .inProcess
        let outcome: ModelFailure??
        do {
            outcome = try await Watchdog.run("model seed \(seed)\(kills ? " with kills" : "")", limit: Self.seedLimit) {
                await ModelRun.failure(of: steps, server: server, slowNetwork: network, tally: tally)
            }
        } catch {
            Issue.record("seed \(seed): \(error)")
            return
        }
        // nil: the watchdog failed it; .some(nil): it passed.
        guard let finished = outcome, let failure = finished else { return }
        let variant = kills ? " with kills" : slowNetwork ? " with two syncs of one file" : ""
        let context = "seed \(seed)\(variant) (SYNC_SEED=\(seed) replays it): \(failure)"
        guard tally.takeShrink() else {
            Issue.record("\(context)\n(not shrunk: an earlier seed of this test was)")
            return
        }
        // Runs with kills depend on timing: shrunk with a small budget, and the whole list shown too.
        let (shrunk, last, replays) = await Shrink.shrink(
            steps, failing: failure, budget: kills ? 10 : 80, time: .seconds(300)
        ) { candidate in
            let replay = try? await Watchdog.run("a replay of seed \(seed)", limit: Self.seedLimit) {
                await ModelRun.failure(of: candidate, server: server, slowNetwork: network)
            }
            return replay ?? nil
        }
        let listed = shrunk.enumerated().map { "  \($0.offset): \($0.element)" }.joined(separator: "\n")
        Issue.record(
            """
            \(context)
            shrunk in \(replays) replays to \(shrunk.count) steps, failing \(last):
            \(listed)
            """)
    }
}
