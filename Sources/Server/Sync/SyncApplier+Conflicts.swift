import ClubhouseDomain
import ClubhouseSyncWire
import Foundation

/// What the conflict rules tell devices beside the page's writes: a refused edit put back on
/// its sender, and rule 3's notice to each device whose values another device's change replaced.
extension SyncApplier {
    func refusing(_ change: SyncChange, _ stored: SyncFields) {
        let names = change.entity == .gather ? GatherStore.logged(change.fields.keys) : Set(change.fields.keys)
        refusedEdit = (change.entity, change.key, stored.only(names))
    }

    /// An edit refused by the rules (a value the merge with other devices' fields makes invalid,
    /// such as a countdown's time left over a duration another device shortened) is still the
    /// sender's value on the sender: the fields it set are logged again as the server holds
    /// them, with no device (rule 3 tells nobody), so the sender puts them back at its pull.
    /// Appended at once, before the page's own entries: those come later in the log and, where
    /// they set the same fields, win as they do here.
    func restoreRefusedEdit() async throws {
        guard let (entity, key, fields) = refusedEdit else { return }
        refusedEdit = nil
        guard !fields.isEmpty else { return }
        try await log.append(
            owner: owner, entity: entity, key: key, kind: .update, fields: fields, device: nil, change: UUID())
    }

    /// Rule 3: a device whose values, set after this change's base, this change replaced with
    /// other values is told so, once, naming the fields.
    func tellOverwritten(_ change: SyncChange, stored: SyncFields, label: String) {
        let puts = concurrent[change.id] ?? []
        // Each device's last value of each field this change set.
        var written: [UUID: SyncFields] = [:]
        var order: [UUID] = []
        for put in puts {
            if written[put.device] == nil { order.append(put.device) }
            for (field, value) in put.fields where change.fields[field] != nil {
                written[put.device, default: [:]][field] = value
            }
        }
        for writer in order {
            let lost = change.entity.fieldNames.filter { field in
                guard let theirs = written[writer]?[field] else { return false }
                return theirs != stored[field]
            }
            guard !lost.isEmpty else { continue }
            // Named as people call them, each once (the countdown's five fields are one thing).
            var named: [String] = []
            for field in lost where !named.contains(change.entity.shownName(of: field)) {
                named.append(change.entity.shownName(of: field))
            }
            let message =
                named.count == 1
                ? "your change to \(label)'s \(named[0]) was replaced by another device's"
                : "your changes to \(label)'s \(Self.list(named)) were replaced by another device's"
            entries.append(
                .notice(
                    SyncNotice(code: .fieldReplaced, message: message, entity: change.entity, key: change.key),
                    to: writer))
        }
    }

    /// "a, b and c"
    static func list(_ items: [String]) -> String { SpokenList.joined(items) }
}
