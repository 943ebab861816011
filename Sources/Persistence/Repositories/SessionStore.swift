import ClubhouseDomain
import GRDB

package struct SessionStore: SessionRepository {
    let db: Database

    package func activeUser() throws -> User? {
        let row = try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT users.id, users.username FROM sessions JOIN users ON users.id = sessions.user_id
                    WHERE sessions.ended_at IS NULL
                    """))
        // users.id is the rowid, always an integer; a tampered name must not keep the user from
        // signing out, so it reads as text whatever it holds.
        return try row.map { row in
            let id: User.ID = try RowDecoding.required(row, "id", what: "the signed-in user")
            return UserStore.user(id, username: row.stored("username"))
        }
    }

    package func activeSessionID() throws -> Int64? {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM sessions WHERE ended_at IS NULL"))
    }

    /// Starts a session, ending first any left open by a user row deleted outside the app (with
    /// foreign keys off): `activeUser` no longer sees it, but the one-active-session index would
    /// refuse every sign-in after it.
    package func start(for userID: User.ID) throws {
        try endActive()
        try db.cachedStatement(sql: "INSERT INTO sessions (user_id) VALUES (?)").execute(arguments: [userID])
    }

    package func endActive() throws {
        try db.cachedStatement(
            sql: "UPDATE sessions SET ended_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE ended_at IS NULL"
        ).execute()
    }
}
