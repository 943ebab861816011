import Domain
import GRDB

public struct SessionStore: SessionRepository {
    let db: Database

    public func activeUser() throws -> User? {
        let row = try Row.fetchOne(
            db,
            sql: """
                SELECT users.id, users.username FROM sessions JOIN users ON users.id = sessions.user_id
                WHERE sessions.ended_at IS NULL
                """)
        return row.map { User(id: $0["id"], username: $0["username"]) }
    }

    public func start(for userID: User.ID) throws {
        try db.execute(sql: "INSERT INTO sessions (user_id) VALUES (?)", arguments: [userID])
    }

    public func endActive() throws {
        try db.execute(
            sql: "UPDATE sessions SET ended_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE ended_at IS NULL")
    }
}
