/// The pause before trying an unreachable server again: doubling from `first` up to `longest`,
/// each drawn at random between half and all of it ("equal jitter"), so that devices cut off
/// together do not all come back in the same instant.
struct Backoff {
    var first: Duration = .milliseconds(500)
    var longest: Duration = .seconds(30)
    private var failures = 0

    mutating func next() -> Duration {
        let doubled = first * (1 << min(failures, 16))
        failures += 1
        let ceiling = min(doubled, longest)
        return ceiling / 2 + ceiling / 2 * Double.random(in: 0...1)
    }

    mutating func reset() { failures = 0 }
}
