/// A small shrinker for a failing step list: drops chunks of steps (halves, then quarters, down
/// to single steps) while the shorter list still fails the same way, replaying each candidate
/// from scratch. Steps name records by position, so any sub-list is a valid run. It stops after
/// `budget` replays or once `time` has passed, whichever comes first: a run that failed for the
/// machine's load rather than a rule would otherwise replay for the better part of an hour.
enum Shrink {
    static func shrink(
        _ steps: [ModelStep], failing failure: ModelFailure, budget: Int, time: Duration,
        fails: ([ModelStep]) async -> ModelFailure?
    ) async -> (steps: [ModelStep], failure: ModelFailure, replays: Int) {
        let deadline = ContinuousClock.now + time
        func exhausted(_ replays: Int) -> Bool { replays >= budget || ContinuousClock.now >= deadline }
        var best = steps
        var bestFailure = failure
        var replays = 0
        // What follows the failing step played no part in it.
        if let step = failure.step, step + 1 < best.count {
            let prefix = Array(best[...step])
            replays += 1
            if let again = await fails(prefix), again.kind == failure.kind {
                (best, bestFailure) = (prefix, again)
            }
        }
        var chunk = max(1, best.count / 2)
        while chunk >= 1, !exhausted(replays) {
            var start = 0
            var removedAny = false
            while start < best.count, !exhausted(replays) {
                var candidate = best
                candidate.removeSubrange(start..<min(start + chunk, best.count))
                replays += 1
                if let again = await fails(candidate), again.kind == failure.kind {
                    (best, bestFailure) = (candidate, again)
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if !removedAny || chunk > 1 { chunk /= 2 }
            if chunk == 0 { break }
        }
        return (best, bestFailure, replays)
    }
}
