import ClubhouseDomain
import GRDB

package struct UserStore: UserRepository {
    let db: Database

    package func insert(username: Username, passwordHash: String) throws -> User {
        do {
            try db.cachedStatement(sql: "INSERT INTO users (username, username_key, password_hash) VALUES (?, ?, ?)")
                .execute(arguments: [username.display, username.key, passwordHash])
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            throw ClubhouseError.usernameTaken(username.display)
        }
        return User(id: db.lastInsertedRowID, username: username.display)
    }

    package func credentials(forKey key: String) throws -> (user: User, passwordHash: String)? {
        let row = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT id, username, password_hash FROM users WHERE username_key = ?"),
            arguments: [key])
        return try row.map { row in
            let id: User.ID = try RowDecoding.required(row, "id", what: "a user")
            // A hash that is not text is no hash: it matches no password, and sign-in says why.
            return (
                Self.user(id, username: row.stored("username")),
                RowDecoding.lenient(row, "password_hash") ?? ""
            )
        }
    }

    /// A user as people see them: a username that cannot be read as stored is shown as well as
    /// it can be (NULL as "user ID"), and noted.
    static func user(_ id: User.ID, username: DatabaseValue) -> User {
        var reading = RecordReading("user \(id)")
        let name = reading.text(username, "username", absent: "user \(id)") ?? ""
        return User(id: id, username: name, unshowableValues: reading.unshowable)
    }
}
