import ClubhouseDomain
import Foundation

/// A wall clock that stands still until a test moves it. Thread-safe, so one clock can be shared by
/// every tree a test builds (as processes share the real clock).
final class FakeClock: WallClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Milliseconds

    /// 2026-09-21T14:13:20Z: any instant will do, the timer only looks at differences.
    init(_ start: Milliseconds = 1_790_000_000_000) {
        current = start
    }

    func now() -> Milliseconds {
        lock.withLock { current }
    }

    /// Moves the clock by `milliseconds` (backwards when negative).
    func advance(by milliseconds: Milliseconds) {
        lock.withLock { current += milliseconds }
    }

    func advance(seconds: Int64) {
        advance(by: seconds * 1_000)
    }

    func set(_ instant: Milliseconds) {
        lock.withLock { current = instant }
    }
}
