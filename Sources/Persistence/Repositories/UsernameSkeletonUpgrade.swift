import ClubhouseDomain
import GRDB

/// Schema 13's data upgrade: every account's username skeleton (`Username.skeleton(for:)`).
///
/// Names registered before that look alike never fail the upgrade nor lock anyone out: rows are
/// visited oldest first, and a row whose skeleton an older one took keeps NULL. It signs in by its
/// key as before; a new name like it is refused, since the older account holds its skeleton.
enum UsernameSkeletonUpgrade {
    static func fillAll(_ db: Database) throws {
        let rows = try Row.fetchAll(db.cachedStatement(sql: "SELECT id, username FROM users ORDER BY id"))
        var held: Set<String> = []
        for row in rows {
            // Read without trusting types: a tampered row (a blob, a number) is left without one.
            guard let id = Int64.fromDatabaseValue(row["id"]), let name = String.fromDatabaseValue(row["username"])
            else { continue }
            let skeleton = Username.skeleton(for: name)
            guard held.insert(skeleton).inserted else { continue }
            try db.cachedStatement(sql: "UPDATE users SET username_skeleton = ? WHERE id = ?").execute(arguments: [
                skeleton, id,
            ])
        }
    }
}
