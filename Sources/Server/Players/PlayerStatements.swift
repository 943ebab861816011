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
            SELECT t.user_id, p.id, p.owner_id, p.name, p.age, p.skill, p.position, p.favourite_team, p.key::text
            FROM tokens t LEFT JOIN players p ON p.owner_id = t.user_id AND p.id = $2
            WHERE t.hash = $1 AND t.expires_at > now()
            """
        static let bindingDataTypes: [PostgresDataType] = [.bytea, .int8]
        typealias Row = PlayerStore.SignedInRow
        let hash: ByteBuffer
        let id: Int64

        func makeBindings() -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 2)
            bindings.append(hash)
            bindings.append(id)
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
