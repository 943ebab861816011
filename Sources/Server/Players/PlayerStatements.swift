import ClubhouseDomain
import PostgresNIO

/// The players routes' statements, prepared once per pooled connection and then only bound and
/// executed: PostgreSQL parses and plans each of them once instead of on every request (an
/// unnamed statement is parsed and planned each time; for a one-row read that was most of
/// PostgreSQL's work, and prepared the same read runs about two and a half times as fast).
/// Parameter types are stated so that a null bound first cannot fix a parameter's type wrongly.
enum PlayerStatements {
    /// The token's owner and one of their players, if there is one by that id.
    struct Find: PostgresPreparedStatement {
        static let sql = """
            SELECT t.user_id, p.id, p.owner_id, p.name, p.age, p.skill, p.position, p.favourite_team
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

    /// A new player for the token's owner; no row when the token signs nobody in.
    struct Insert: PostgresPreparedStatement {
        static let sql = """
            INSERT INTO players (owner_id, name, age, skill, position, favourite_team)
            SELECT t.user_id, $2, $3, $4, $5, $6 FROM tokens t WHERE t.hash = $1 AND t.expires_at > now()
            RETURNING id, owner_id, name, age, skill, position, favourite_team
            """
        static let bindingDataTypes: [PostgresDataType] = [.bytea, .text, .int8, .text, .text, .text]
        typealias Row = PlayerStore.Row
        let hash: ByteBuffer
        let draft: PlayerDraft

        func makeBindings() -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 6)
            bindings.append(hash)
            bindings.append(draft.name)
            bindings.append(draft.age.map(Int64.init))
            bindings.append(draft.skill?.rawValue)
            bindings.append(draft.position?.rawValue)
            bindings.append(draft.favouriteTeam)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }

    /// `draft` stored over `player` only if the row still holds what `player` was read with.
    struct Update: PostgresPreparedStatement {
        static let sql = """
            UPDATE players SET name = $3, age = $4, skill = $5, position = $6, favourite_team = $7
            WHERE id = $1 AND owner_id = $2 AND name = $8 AND age IS NOT DISTINCT FROM $9
                AND skill IS NOT DISTINCT FROM $10 AND position IS NOT DISTINCT FROM $11
                AND favourite_team IS NOT DISTINCT FROM $12
            RETURNING id, owner_id, name, age, skill, position, favourite_team
            """
        static let bindingDataTypes: [PostgresDataType] = [
            .int8, .int8, .text, .int8, .text, .text, .text, .text, .int8, .text, .text, .text,
        ]
        typealias Row = PlayerStore.Row
        let player: Player
        let draft: PlayerDraft

        func makeBindings() -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 12)
            bindings.append(player.id)
            bindings.append(player.ownerID)
            bindings.append(draft.name)
            bindings.append(draft.age.map(Int64.init))
            bindings.append(draft.skill?.rawValue)
            bindings.append(draft.position?.rawValue)
            bindings.append(draft.favouriteTeam)
            bindings.append(player.name)
            bindings.append(player.age.map(Int64.init))
            bindings.append(player.skill?.rawValue)
            bindings.append(player.position?.rawValue)
            bindings.append(player.favouriteTeam)
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
