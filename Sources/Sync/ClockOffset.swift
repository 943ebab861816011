internal import ClubhouseSyncWire

/// The server's clock minus this device's, from each answer's `serverTime`: offset = serverTime −
/// (sent + received) / 2, which is within half the round trip of the truth. The answer with the
/// shortest round trip of a sync is trusted most. The offset stored by earlier syncs stays while
/// it lies within that answer's bounds, and is replaced once an answer proves it wrong (the
/// device's clock was set, or the stored one came from slow answers): a sync whose answers were
/// all slow (a loaded machine or network) measured nothing better, and taking its estimate once
/// replaced a good offset by one 18 s off. Every value here came from the wire or from the file,
/// so none of its arithmetic can trap: an offset is kept within `SyncInstants.offsets`.
package struct ClockOffset {
    private var best: Int64?
    private var bestRoundTrip = Int64.max
    private let stored: Int64?

    /// `stored` nil: none measured yet (a device that never synced).
    package init(stored: Int64?) {
        self.stored = stored.map { SyncInstants.clamped($0, to: SyncInstants.offsets) }
    }

    /// The offset to convert with now.
    package var current: Int64 {
        guard let best else { return stored ?? 0 }
        guard let stored, SyncInstants.difference(stored, best).magnitude <= UInt64(bestRoundTrip / 2) else {
            return best
        }
        return stored
    }

    /// What to store once this sync is over: nil when it measured nothing.
    package var measured: Int64? { best == nil ? nil : current }

    package mutating func add(serverTime: Int64, sent: Int64, received: Int64) {
        let roundTrip = max(0, SyncInstants.difference(received, sent))
        guard roundTrip <= bestRoundTrip else { return }
        bestRoundTrip = roundTrip
        let midpoint = SyncInstants.sum(sent, roundTrip / 2)
        best = SyncInstants.clamped(SyncInstants.difference(serverTime, midpoint), to: SyncInstants.offsets)
    }
}
