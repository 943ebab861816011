/// The server's clock minus this device's, from each answer's `serverTime`: offset = serverTime −
/// (sent + received) / 2. The answer with the shortest round trip of a sync is trusted most.
struct ClockOffset {
    private(set) var best: Int64?
    private var bestRoundTrip = Int64.max
    private let stored: Int64

    init(stored: Int64) {
        self.stored = stored
    }

    /// The offset to convert with now: this sync's best, else the one stored.
    var current: Int64 { best ?? stored }

    mutating func add(serverTime: Int64, sent: Int64, received: Int64) {
        let roundTrip = max(0, received &- sent)
        guard roundTrip <= bestRoundTrip else { return }
        bestRoundTrip = roundTrip
        best = serverTime &- (sent &+ (received &- sent) / 2)
    }
}
