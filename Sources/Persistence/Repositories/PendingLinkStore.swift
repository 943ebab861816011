import ClubhouseDomain
import GRDB

/// The `pending_link` table: at most one link, waiting for the next sign-in on this device.
package struct PendingLinkStore: PendingLinkRepository {
    let db: Database

    package func pending() throws -> String? {
        let value = try DatabaseValue.fetchOne(db.cachedStatement(sql: "SELECT link FROM pending_link WHERE id = 1"))
        // A value of another type reads as SQLite would show it, so the sign-in can say it was
        // dropped rather than drop it unsaid.
        return value.flatMap(RowDecoding.text)
    }

    package func setPending(_ link: String?) throws {
        if let link {
            try db.cachedStatement(
                sql: """
                    INSERT INTO pending_link (id, link) VALUES (1, ?)
                    ON CONFLICT (id) DO UPDATE SET link = excluded.link, created_at = excluded.created_at
                    """
            ).execute(arguments: [link])
        } else {
            try db.cachedStatement(sql: "DELETE FROM pending_link").execute()
        }
    }
}
