import ClubhouseDomain

/// The version of the sync wire's vocabulary: 1 until 0.9.0, 2 from the release that added a
/// player's shirt number (each field says its own, `PlayerField.wireVersion`). A device says its
/// version when it pulls (`wire` on GET /v1/sync/changes; none is 1), and the server leaves out of
/// what it sends the fields that version does not know, so a device of an older release keeps
/// syncing: its reader refuses names it does not know. What such a device pushes lacks them, and
/// a create without them leaves them empty.
public enum SyncWireVersion {
    public static let current = 2

    /// The version a pull that says none speaks.
    public static let unstated = 1

    /// `fields` of a change of `entity` as a device of wire `version` may be sent them: the
    /// fields it does not know are left out (of a gather's seats too).
    public static func fields(_ fields: SyncFields, of entity: SyncEntity, forWire version: Int) -> SyncFields {
        let unknown = SyncPlayerFields.declared.filter { $0.wireVersion > version }.map(\.wire)
        guard !unknown.isEmpty else { return fields }
        switch entity {
        case .player:
            return fields.filter { !unknown.contains($0.key) }
        case .gather:
            guard let teams = fields["teams"]?.objectValue else { return fields }
            var trimmed = fields
            trimmed["teams"] = .object(
                teams.mapValues { team in
                    .array(
                        (team.arrayValue ?? []).map { seat in
                            seat.objectValue.map { .object($0.filter { !unknown.contains($0.key) }) } ?? seat
                        })
                })
            return trimmed
        case .book, .question:
            return fields
        }
    }
}
