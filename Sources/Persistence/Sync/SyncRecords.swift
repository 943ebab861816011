import ClubhouseSyncWire

/// The device's side of sync speaks the wire's vocabulary (`ClubhouseSyncWire`): the outbox is
/// read as `SyncChange`s (instants in this device's milliseconds, shifted by the sync as it sends
/// them), a push is answered with `SyncResult`s, pulled pages are `SyncLogEntry` bodies and notices
/// are `SyncNotice`s. What this file adds is the device's own.

/// One entry of a pulled page, as the log holds it: another device's change (created, updated or
/// deleted, as the server says; instants already in this device's milliseconds) or a notice for
/// this device.
package typealias SyncPulledEntry = SyncLogEntry.Body

/// The codes of the notices a device gives itself; the server's refusals keep their own code.
extension SyncNoticeCode {
    /// A pulled change this file refused (a value out of range): skipped, so later syncs go on.
    package static let notApplied = SyncNoticeCode(rawValue: "not_applied")
    /// This device's gather lost to one another device started first (docs/sync.md rule 4).
    package static let gatherInProgress = SyncNoticeCode(rawValue: SyncRefusal.gatherInProgress.rawValue)
}
