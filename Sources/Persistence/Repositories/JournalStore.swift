import ClubhouseDomain
import GRDB

/// The `navigation_journal` table: one row per navigation change, the newest kept per user and scene.
package struct JournalStore: JournalRepository {
    let db: Database
    var cache: NavigationCodingCache?

    package func record(_ change: NavigationChange, for userID: User.ID, scene: SceneName, keeping: Int) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO navigation_journal
                    (user_id, scene, kind, from_screen, to_screen, closed_screen, before_state, after_state)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            userID, scene.rawValue, change.kind.rawValue, change.before.currentPlace, change.after.currentPlace,
            change.closed, try NavigationCoding.document(change.before, cache: cache),
            try NavigationCoding.document(change.after, cache: cache),
        ])
        // Bounded: everything older than the newest `keeping` entries goes in the same transaction.
        try db.cachedStatement(
            sql: """
                DELETE FROM navigation_journal WHERE user_id = ? AND scene = ? AND id <= (
                    SELECT id FROM navigation_journal WHERE user_id = ? AND scene = ? ORDER BY id DESC LIMIT 1 OFFSET ?)
                """
        ).execute(arguments: [userID, scene.rawValue, userID, scene.rawValue, keeping])
    }

    package func entries(for userID: User.ID, scene: SceneName, limit: Int) throws -> [JournalEntry] {
        try fetch("WHERE user_id = ? AND scene = ? ORDER BY id DESC LIMIT ?", [userID, scene.rawValue, limit])
    }

    package func lastUndoable(for userID: User.ID, scene: SceneName) throws -> (
        entry: JournalEntry, before: StoredNavigation
    )? {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT \(Self.columns), before_state FROM navigation_journal
                        WHERE user_id = ? AND scene = ? AND kind IN ('navigate', 'reopen') AND undone = 0
                        ORDER BY id DESC LIMIT 1
                        """),
                arguments: [userID, scene.rawValue])
        else { return nil }
        guard let entry = Self.entry(row) else { return nil }
        return (entry, NavigationCoding.decodeDocument(String.fromDatabaseValue(row["before_state"])))
    }

    package func markUndone(_ id: JournalEntry.ID) throws {
        try db.cachedStatement(sql: "UPDATE navigation_journal SET undone = 1 WHERE id = ?").execute(arguments: [id])
    }

    package func closedScreens(for userID: User.ID, scene: SceneName, limit: Int) throws -> [JournalEntry] {
        try fetch(
            """
            WHERE user_id = ? AND scene = ? AND closed_screen IS NOT NULL AND reopened = 0 ORDER BY id DESC LIMIT ?
            """,
            [userID, scene.rawValue, limit])
    }

    package func markReopened(_ id: JournalEntry.ID) throws {
        try db.cachedStatement(sql: "UPDATE navigation_journal SET reopened = 1 WHERE id = ?").execute(arguments: [id])
    }

    package func deleteAll(for userID: User.ID, scene: SceneName) throws {
        try db.cachedStatement(sql: "DELETE FROM navigation_journal WHERE user_id = ? AND scene = ?")
            .execute(arguments: [userID, scene.rawValue])
    }

    package func deleteAll(for userID: User.ID) throws {
        try db.cachedStatement(sql: "DELETE FROM navigation_journal WHERE user_id = ?").execute(arguments: [userID])
    }

    private static let columns = "id, at, kind, from_screen, to_screen, closed_screen"

    private func fetch(_ clause: String, _ arguments: StatementArguments) throws -> [JournalEntry] {
        try Row.fetchAll(
            db.cachedStatement(sql: "SELECT \(Self.columns) FROM navigation_journal \(clause)"), arguments: arguments
        )
        .compactMap(Self.entry)
    }

    /// A row the schema allows but this code does not expect is read as far as it can be: text
    /// that is not text shows as "?", and a row of an unknown kind is left out; the journal is
    /// history, never a reason for a command to fail.
    private static func entry(_ row: Row) -> JournalEntry? {
        guard let id = Int64.fromDatabaseValue(row["id"]),
            let kind = String.fromDatabaseValue(row["kind"]).flatMap(JournalEntry.Kind.init(rawValue:))
        else { return nil }
        func text(_ column: String) -> String { String.fromDatabaseValue(row[column]) ?? "?" }
        let closed: DatabaseValue = row["closed_screen"]
        return JournalEntry(
            id: id, at: text("at"), kind: kind, from: text("from_screen"), to: text("to_screen"),
            closed: closed.isNull ? nil : String.fromDatabaseValue(closed))
    }
}
