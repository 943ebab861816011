/// Instants and offsets as both sides read them from the wire or from a file they do not trust:
/// arithmetic on such a value saturates instead of trapping, and an instant is kept to what a
/// person can mean.
public enum SyncInstants {
    /// 1970-01-01 to 9999-12-31 in Unix ms: every instant the server takes (a `TIMESTAMPTZ`
    /// holds these, and a date outside them is a mistake or an attack).
    public static let range: ClosedRange<Int64> = 0...253_402_300_799_999

    /// The largest clock offset that means anything: the whole range of instants, either way.
    public static let offsets: ClosedRange<Int64> = -range.upperBound...range.upperBound

    /// `a + b`, at `Int64`'s bounds when the sum is beyond them.
    public static func sum(_ a: Int64, _ b: Int64) -> Int64 {
        let (value, overflow) = a.addingReportingOverflow(b)
        guard overflow else { return value }
        return b > 0 ? .max : .min
    }

    /// `a − b`, at `Int64`'s bounds when the difference is beyond them.
    public static func difference(_ a: Int64, _ b: Int64) -> Int64 {
        let (value, overflow) = a.subtractingReportingOverflow(b)
        guard overflow else { return value }
        return b < 0 ? .max : .min
    }

    /// `value` moved into `range`.
    public static func clamped(_ value: Int64, to range: ClosedRange<Int64> = range) -> Int64 {
        min(max(value, range.lowerBound), range.upperBound)
    }
}
