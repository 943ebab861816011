package import ClubhouseDomain

extension ClubhouseApp {
    /// This process's wall clock, the one its gathers' instants come from: the system's, plus
    /// `CLUBHOUSE_CLOCK_SKEW_MS` when set (`SystemClock`). Sync times its answers by it.
    package static func now() -> Milliseconds { SystemClock().now() }

    /// The environment variable that sets this process's clock off the system's, in milliseconds:
    /// for tests of devices whose clocks are wrong, on any build (faketime reaches dynamic ones only).
    package static let clockSkewVariable = SystemClock.skewVariable
}
