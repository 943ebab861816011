/// A small shrinker for a failing step list: drops chunks of steps (halves, then quarters, down
/// to single steps) while the shorter list still fails the same way, replaying each candidate
/// from scratch. Steps name records by position, so any sub-list is a valid run.
enum Shrink {
    static func shrink(
        _ steps: [ModelStep], failing failure: ModelFailure, budget: Int,
        fails: ([ModelStep]) async -> ModelFailure?
    ) async -> (steps: [ModelStep], failure: ModelFailure, replays: Int) {
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
        while chunk >= 1, replays < budget {
            var start = 0
            var removedAny = false
            while start < best.count, replays < budget {
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
