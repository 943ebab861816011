import ClubhouseDomain
import ClubhouseSyncWire
import Foundation
import PostgresNIO

/// A REST write, as the server's one write path takes it: a change with no device through
/// `SyncApplier`, in the request's transaction (`Database.write`), which took the account's log
/// lock in its first statement, before the route reads what it needs, so what it read is what
/// the change applies over. A refusal is the error the route has always answered for it.
struct RESTWrite {
    let connection: PostgresConnection
    let logger: Logger
    let owner: User.ID

    /// What the route already read, under the lock, of the record a change names: the applier
    /// reads neither its row nor its tombstone again.
    struct Known {
        /// The record's fields as stored (its row locked to the end of the transaction), or nil
        /// when there is none.
        let fields: SyncFields?
        /// Why its key may not come back, and the record's label, if it is buried.
        let burial: (SyncLog.Burial, String)?

        /// A key the server made for this change: no record and no tombstone can have it.
        static let newKey = Known(fields: nil, burial: nil)
    }

    /// Applies one change (a create with every field, an update with the fields it sets, a
    /// delete) and answers the record's fields as stored after it (nil once deleted). `missing`
    /// answers a change the rules refuse because the record is not there (a create names none: it
    /// cannot be). `known`: what the route read of the record, if it did.
    @discardableResult
    func apply(
        _ entity: SyncEntity, _ key: String, _ kind: SyncChangeKind, _ fields: SyncFields = [:],
        missing: ClubhouseError? = nil, known: Known? = nil, takenField: String? = nil
    ) async throws -> SyncFields? {
        let change = SyncChange(
            entity: entity, key: key, op: kind.op, fields: fields, base: 0, madeAt: ServerClock.now())
        let applier = SyncApplier(connection, logger: logger, owner: owner, device: nil)
        if let known { try applier.know(entity, key: key, fields: known.fields, burial: known.burial) }
        guard let result = try await applier.apply([change], guarded: false).first else { throw APIError.unexpected }
        guard result.status == .refused else { return applier.stored(entity, key: key) }
        let message = result.message ?? ""
        switch result.code {
        case .invalid?: throw APIError(.unprocessableContent, "invalid_input", message)
        case .unknown?, .deleted?: throw missing.map { APIError($0) } ?? APIError.unexpected
        case .gatherInProgress?: throw APIError(.conflict, "gather_in_progress", message)
        case .taken?: throw APIError(.conflict, "value_taken", message, field: takenField)
        default:
            logger.error("a REST write was refused", metadata: ["code": "\(result.code?.rawValue ?? "")"])
            throw APIError.unexpected
        }
    }
}
