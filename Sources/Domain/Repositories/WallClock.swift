import Foundation

/// Milliseconds since 1970-01-01T00:00:00Z.
public typealias Milliseconds = Int64

/// Where the time comes from: injected, so that timer tests move a fake clock instead of sleeping.
package protocol WallClock: Sendable {
    func now() -> Milliseconds
}

/// The system's time, plus the process's skew (`skew`): the library's one wall clock, the
/// gathers' instants and the sync's timing alike.
package struct SystemClock: WallClock {
    package init() {}

    /// The environment variable that sets `skew`, in milliseconds ("300000", "-420000").
    package static let skewVariable = "CLUBHOUSE_CLOCK_SKEW_MS"

    /// How far this process's clock is from the system's: `CLUBHOUSE_CLOCK_SKEW_MS`, read once,
    /// when the clock is first asked; 0 when unset or not a whole number of milliseconds within
    /// ±10 years. It lets a test run the `clubhouse` users install, a static binary that
    /// faketime's preloaded library cannot reach, as a device whose clock is minutes off. SQLite's
    /// own `now` (a row's `created_at` default, a queued change's `made_at`) does not move with it.
    package static let skew: Milliseconds = parsedSkew(ProcessInfo.processInfo.environment[skewVariable])

    package static func parsedSkew(_ text: String?) -> Milliseconds {
        guard let text, let value = Int64(text), value.magnitude <= 10 * 366 * 86_400_000 else { return 0 }
        return value
    }

    package func now() -> Milliseconds {
        Milliseconds((Date().timeIntervalSince1970 * 1000).rounded(.down)) + Self.skew
    }
}
