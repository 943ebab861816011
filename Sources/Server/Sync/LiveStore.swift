import ClubhouseDomain
import ClubhouseSyncWire
import Foundation
import PostgresNIO

/// What the change streams read from PostgreSQL: a token's account and expiry when a stream
/// opens, heads as each device sees them, and which of a set of tokens are still live. Each is
/// one statement, whichever connection runs it (the pool's at open, the listener's afterwards).
struct LiveStore {
    let connection: PostgresConnection
    let logger: Logger

    init(_ connection: PostgresConnection, logger: Logger) {
        self.connection = connection
        self.logger = logger
    }

    /// The account a live token signs in, and when the token expires.
    func token(_ hash: ByteBuffer) async throws -> (owner: User.ID, expiresAt: Date)? {
        let rows = try await connection.query(
            "SELECT user_id, expires_at FROM tokens WHERE hash = \(hash) AND expires_at > now()", logger: logger)
        for try await (owner, expiresAt) in rows.decode((Int64, Date).self) { return (owner, expiresAt) }
        return nil
    }

    /// The seq a device's pull ends at: the newest entry it may see (notices addressed to other
    /// devices are not its), 0 for an empty log.
    func head(owner: User.ID, device: UUID) async throws -> Int64 {
        try await heads(of: [Pair(owner: owner, device: device)])[Pair(owner: owner, device: device)] ?? 0
    }

    struct Pair: Hashable {
        let owner: User.ID
        let device: UUID
    }

    /// `head` for many devices in one statement (a catch-up after the listener reconnected).
    func heads(of pairs: Set<Pair>) async throws -> [Pair: Int64] {
        guard !pairs.isEmpty else { return [:] }
        let list = Array(pairs)
        let rows = try await connection.query(
            """
            SELECT u.ord, (SELECT coalesce(max(l.seq), 0) FROM sync_log l
                           WHERE l.owner_id = u.owner AND (l.target_device IS NULL OR l.target_device = u.device::uuid))
            FROM unnest(\(list.map(\.owner))::bigint[], \(list.map { SyncKey.text($0.device) })::text[])
                 WITH ORDINALITY AS u(owner, device, ord)
            """, logger: logger)
        var heads: [Pair: Int64] = [:]
        for try await (ordinal, head) in rows.decode((Int64, Int64).self) { heads[list[Int(ordinal) - 1]] = head }
        return heads
    }

    /// Those of `hashes` that are live tokens (not deleted, not expired).
    func liveTokens(_ hashes: Set<[UInt8]>) async throws -> Set<[UInt8]> {
        guard !hashes.isEmpty else { return [] }
        let hex = hashes.map { $0.map { String(format: "%02x", $0) }.joined() }
        let rows = try await connection.query(
            """
            SELECT hash FROM tokens
            WHERE hash = ANY(ARRAY(SELECT decode(h, 'hex') FROM unnest(\(hex)::text[]) AS h)) AND expires_at > now()
            """, logger: logger)
        var live: Set<[UInt8]> = []
        for try await hash in rows.decode(ByteBuffer.self) { live.insert(Array(buffer: hash)) }
        return live
    }
}
