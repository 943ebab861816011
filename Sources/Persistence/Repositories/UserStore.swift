import Domain
import GRDB

public struct UserStore: UserRepository {
    let db: Database

    public func insert(username: Username, passwordHash: String) throws -> User {
        do {
            try db.execute(
                sql: "INSERT INTO users (username, username_key, password_hash) VALUES (?, ?, ?)",
                arguments: [username.display, username.key, passwordHash])
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            throw ClubhouseError.usernameTaken(username.display)
        }
        return User(id: db.lastInsertedRowID, username: username.display)
    }

    public func credentials(forKey key: String) throws -> (user: User, passwordHash: String)? {
        let row = try Row.fetchOne(
            db, sql: "SELECT id, username, password_hash FROM users WHERE username_key = ?", arguments: [key])
        return row.map { (User(id: $0["id"], username: $0["username"]), $0["password_hash"]) }
    }
}
