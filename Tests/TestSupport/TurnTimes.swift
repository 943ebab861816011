import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Each heavy test case's own time, from the start to the end of its turn, one line per case
/// (`12.345<TAB>Module.Suite.test()`) appended to the file `CLUBHOUSE_TURN_TIMES` names, when it
/// names one. Swift Testing's own times run from when a test was started, beside a thousand others,
/// to when it ended, so they count the wait for a turn; these do not. `.ci/run` lists the
/// slowest of them.
package enum TurnTimes {
    private static let file: Int32? = {
        guard let path = ProcessInfo.processInfo.environment["CLUBHOUSE_TURN_TIMES"], !path.isEmpty else {
            return nil
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        return fd >= 0 ? fd : nil
    }()

    /// Records one case's time; a line is one `write` to a file opened for appending, so lines from
    /// cases ending at once never interleave.
    package static func record(_ name: String, _ duration: Duration) {
        guard let file else { return }
        let (seconds, attoseconds) = duration.components
        let line = String(format: "%.3f\t%@\n", Double(seconds) + Double(attoseconds) / 1e18, name)
        let bytes = Array(line.utf8)
        _ = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
    }
}
