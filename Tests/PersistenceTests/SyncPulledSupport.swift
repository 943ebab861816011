import ClubhousePersistence
import ClubhouseSyncWire
import Foundation

/// Pulled entries as a page carries them, written in tests as JSON text.
extension SyncLogEntry.Body {
    static func pulled(_ entity: SyncEntity, _ key: String, _ kind: SyncChangeKind, _ json: String = "{}")
        -> SyncLogEntry.Body
    {
        let fields = (try? JSONDecoder().decode(SyncFields.self, from: Data(json.utf8))) ?? [:]
        return .change(
            SyncLoggedChange(entity: entity, key: key, kind: kind, fields: fields, device: nil, change: UUID()))
    }
}

/// Every result answered as applied.
func appliedResults(_ changes: [SyncChange]) -> [SyncResult] {
    changes.map { .applied($0.id) }
}
