import ClubhouseDomain
import Logging
import PostgresNIO

/// Schema 7's data upgrade: every account's username skeleton (`Username.skeleton(for:)`), in
/// the migration's transaction.
///
/// Names registered before that look alike never fail the upgrade nor lock anyone out: accounts
/// are visited oldest first, and one whose skeleton an older one took keeps NULL. It signs in by
/// its key as before; a new name like it is refused, since the older account holds its skeleton.
enum UsernameSkeletonUpgrade {
    static func fillAll(_ connection: PostgresConnection, logger: Logger) async throws {
        let rows = try await connection.query("SELECT id, username FROM users ORDER BY id", logger: logger)
        var held: Set<String> = []
        var ids: [Int64] = []
        var skeletons: [String] = []
        for try await (id, username) in rows.decode((Int64, String).self) {
            let skeleton = Username.skeleton(for: username)
            guard held.insert(skeleton).inserted else { continue }
            ids.append(id)
            skeletons.append(skeleton)
        }
        guard !ids.isEmpty else { return }
        // One statement whatever the number of accounts.
        try await connection.query(
            """
            UPDATE users SET username_skeleton = s.skeleton
            FROM unnest(\(ids)::bigint[], \(skeletons)::text[]) AS s(id, skeleton) WHERE users.id = s.id
            """, logger: logger)
    }
}
