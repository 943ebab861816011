import ClubhouseDomain
import GRDB

package struct UserStore: UserRepository {
    let db: Database

    package func insert(username: Username, passwordHash: String) throws -> User {
        do {
            try db.cachedStatement(
                sql: "INSERT INTO users (username, username_key, username_skeleton, password_hash) VALUES (?, ?, ?, ?)"
            )
            .execute(arguments: [username.display, username.key, username.skeleton, passwordHash])
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            // A name both taken and looked like is taken, whichever index SQLite met first.
            if try credentials(forKey: username.key) != nil { throw ClubhouseError.usernameTaken(username.display) }
            throw ClubhouseError.usernameLookalike(username.display)
        }
        return User(id: db.lastInsertedRowID, username: username.display)
    }

    package func holdsSkeleton(_ skeleton: String) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM users WHERE username_skeleton = ?)"),
            arguments: [skeleton]) ?? false
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
