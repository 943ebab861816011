import ClubhouseDomain
import Foundation
import Testing

/// The library's clock and its skew (`CLUBHOUSE_CLOCK_SKEW_MS`), which the clock tests set on the
/// built `clubhouse` where they used faketime.
@Suite struct SystemClockTests {
    @Test func theSkewIsWholeMillisecondsWithinTenYearsOrNone() {
        #expect(SystemClock.parsedSkew("300000") == 300_000)
        #expect(SystemClock.parsedSkew("-420000") == -420_000)
        #expect(SystemClock.parsedSkew(nil) == 0)
        for refused in ["", "5m", "1.5", " 300000", "99999999999999999999", "\(11 * 366 * 86_400_000)"] {
            #expect(SystemClock.parsedSkew(refused) == 0, "\(refused)")
        }
    }

    @Test func withoutTheVariableTheClockIsTheSystems() {
        // This test process runs without it (a skewed test run would fail the clock tests too).
        #expect(ProcessInfo.processInfo.environment[SystemClock.skewVariable] == nil)
        #expect(SystemClock.skew == 0)
    }
}
