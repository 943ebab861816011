import ClubhouseDomain
import GRDB

/// Schema 4's data upgrade: every username key recomputed in the new form (`Username.key(for:)`).
///
/// Names that collide in the new form never fail the upgrade nor lock anyone out. Rows are
/// visited oldest first, and a row whose new key is already held (by an account whose key it
/// already is, or by an older one that took it in this upgrade) keeps its old key. Its old
/// spelling still finds it, because signing in tries the old form of a spelling before the new
/// one (`Username.signInKeys(for:)`). The unique index holds at every step: a row moves only to
/// a key that no row holds.
enum UsernameKeyUpgrade {
    static func recomputeAll(_ db: Database) throws {
        let rows = try Row.fetchAll(db.cachedStatement(sql: "SELECT id, username, username_key FROM users ORDER BY id"))
        // Read without trusting types: a tampered row (a blob, a number) is left as it is.
        let users = rows.compactMap { row -> (id: Int64, name: String, key: String)? in
            guard let id = Int64.fromDatabaseValue(value(row, "id")),
                let name = String.fromDatabaseValue(value(row, "username")),
                let key = String.fromDatabaseValue(value(row, "username_key"))
            else { return nil }
            return (id, name, key)
        }
        var held = Set(rows.compactMap { String.fromDatabaseValue(value($0, "username_key")) })
        for user in users {
            let key = Username.key(for: user.name)
            guard key != user.key, !held.contains(key) else { continue }
            try db.cachedStatement(sql: "UPDATE users SET username_key = ? WHERE id = ?").execute(arguments: [
                key, user.id,
            ])
            held.remove(user.key)
            held.insert(key)
        }
    }

    private static func value(_ row: Row, _ column: String) -> DatabaseValue {
        row[column]
    }
}
