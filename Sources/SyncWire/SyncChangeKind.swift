/// What a logged change is, said by the server that logged it, so a device never has to guess
/// from which fields are present: a `create` carries every field of its entity, an `update` only
/// the fields it set (of a record that must already be there: it never creates one), a `delete`
/// none.
public enum SyncChangeKind: String, Codable, Sendable, Equatable, Hashable, CaseIterable {
    case create, update, delete

    /// The kind of an entry logged before servers said it (0.8.0's log): a delete is a delete, a
    /// put carrying every field of its entity a create (every create did), any other put an
    /// update.
    public static func inferred(_ entity: SyncEntity, _ op: SyncOp, _ fields: SyncFields) -> SyncChangeKind {
        switch op {
        case .delete: .delete
        case .put: entity.createFieldNames.allSatisfy { fields[$0] != nil } ? .create : .update
        }
    }

    /// The operation a change of this kind is on the wire of a push.
    public var op: SyncOp { self == .delete ? .delete : .put }
}
