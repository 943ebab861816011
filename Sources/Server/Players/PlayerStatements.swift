import ClubhouseDomain
import PostgresNIO

/// The players routes' reads, prepared once per pooled connection and then only bound and
/// executed: PostgreSQL parses and plans each of them once instead of on every request (an
/// unnamed statement is parsed and planned each time; for a one-row read that was most of
/// PostgreSQL's work, and prepared the same read runs about two and a half times as fast).
/// Parameter types are stated so that a null bound first cannot fix a parameter's type wrongly.
enum PlayerStatements {
    /// The token's owner and one of their players, if there is one by that id.
    struct Find: PostgresPreparedStatement {
        static let sql = """
            SELECT t.user_id, \(PlayerStore.columns("p"))
            FROM tokens t LEFT JOIN players p ON p.owner_id = t.user_id AND p.id = $2
            WHERE t.hash = $1 AND t.expires_at > now()
            """
        static let bindingDataTypes: [PostgresDataType] = [.bytea, .int8]
        /// Read with the request's sign-in (`PlayerStore.player(signedIn:signIn:)`).
        typealias Row = PostgresRow
        let hash: ByteBuffer
        let id: Int64

        func makeBindings() -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 2)
            bindings.append(hash)
            bindings.append(id)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { row }
    }
}

extension PlayerStatements {
    /// One player of the owner, its row locked to the end of the transaction, with its wire
    /// fields and its tombstone (none while the row exists, unless the tables were written by
    /// hand): what a REST edit or delete reads under the account's lock, and the applier then
    /// reads no more.
    struct FindForWrite: PostgresPreparedStatement {
        static let sql = """
            SELECT t.id, t.key::text, \(PlayerStore.table.fieldsObject)::text, b.reason, b.label
            FROM players t
            LEFT JOIN sync_tombstones b ON b.owner_id = t.owner_id AND b.entity = 'player' AND b.key = t.key::text
            WHERE t.id = $1 AND t.owner_id = $2
            FOR UPDATE OF t
            """
        static let bindingDataTypes: [PostgresDataType] = [.int8, .int8]
        typealias Row = (Int64, String, String, String?, String?)
        let id: Int64
        let owner: Int64

        func makeBindings() -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 2)
            bindings.append(id)
            bindings.append(owner)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }
}

/// The account a live token signs in: the check of every signed-in route whose work is more
/// than one statement, prepared like the players' statements.
struct TokenOwnerStatement: PostgresPreparedStatement {
    static let sql = "SELECT user_id FROM tokens WHERE hash = $1 AND expires_at > now()"
    static let bindingDataTypes: [PostgresDataType] = [.bytea]
    typealias Row = Int64
    let hash: ByteBuffer

    func makeBindings() -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(hash)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Int64.self) }
}

/// The account a live token signs in, with that account's sync lock taken (the lock of
/// `SyncLog.lock`: its class, and `SyncLog.lockKeySQL` of the owner's id): the first statement
/// of a write's transaction. The lock is taken only for the live token's row (a target list is
/// evaluated for the rows the WHERE clause keeps).
struct TokenLockStatement: PostgresPreparedStatement {
    static let sql = """
        SELECT user_id, pg_advisory_xact_lock($2, \(SyncLog.lockKeySQL("user_id")))::text
        FROM tokens WHERE hash = $1 AND expires_at > now()
        """
    static let bindingDataTypes: [PostgresDataType] = [.bytea, .int4]
    typealias Row = Int64
    let hash: ByteBuffer

    func makeBindings() -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 2)
        bindings.append(hash)
        bindings.append(SyncLog.lockClass)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode((Int64, String).self).0 }
}
