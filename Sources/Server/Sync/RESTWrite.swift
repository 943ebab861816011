import ClubhouseDomain
import ClubhouseSyncWire
import Foundation
import PostgresNIO

/// A REST write, as the server's one write path takes it: a change with no device through
/// `SyncApplier`, in the request's transaction, after the account's log lock (taken by `begin`
/// before the route reads what it needs, so what it read is what the change applies over). A
/// refusal is the error the route has always answered for it.
struct RESTWrite {
    let connection: PostgresConnection
    let logger: Logger
    let owner: User.ID

    /// Takes the account's log lock: the first statement of a REST write's transaction.
    static func begin(_ connection: PostgresConnection, logger: Logger, owner: User.ID) async throws -> RESTWrite {
        try await SyncLog(connection, logger: logger).lock(owner: owner)
        return RESTWrite(connection: connection, logger: logger, owner: owner)
    }

    /// Applies one change (a create with every field, an update with the fields it sets, a
    /// delete). `missing` answers a change the rules refuse because the record is not there (a
    /// create names none: it cannot be).
    func apply(
        _ entity: SyncEntity, _ key: String, _ kind: SyncChangeKind, _ fields: SyncFields = [:],
        missing: ClubhouseError? = nil
    ) async throws {
        let change = SyncChange(
            entity: entity, key: key, op: kind.op, fields: fields, base: 0, madeAt: ServerClock.now())
        let applier = SyncApplier(connection, logger: logger, owner: owner, device: nil)
        guard let result = try await applier.apply([change], guarded: false).first else { throw APIError.unexpected }
        guard result.status == .refused else { return }
        let message = result.message ?? ""
        switch result.code {
        case .invalid?: throw APIError(.unprocessableContent, "invalid_input", message)
        case .unknown?, .deleted?: throw missing.map { APIError($0) } ?? APIError.unexpected
        case .gatherInProgress?: throw APIError(.conflict, "gather_in_progress", message)
        default:
            logger.error("a REST write was refused", metadata: ["code": "\(result.code?.rawValue ?? "")"])
            throw APIError.unexpected
        }
    }
}
