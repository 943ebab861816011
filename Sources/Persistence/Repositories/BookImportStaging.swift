import ClubhouseDomain
import GRDB
import GRDBSQLite

/// Fills the import's staging table (`temp.book_import`, see `BookStore.saveAll`) through SQLite's
/// own binding calls: GRDB's arguments box every value, which cost an import of 50 000 books more
/// than the staging table itself.
enum BookImportStaging {
    /// Inserts `drafts` into `temp.book_import`, each with its place in the file as `seq`.
    static func stage(_ drafts: [BookDraft], _ db: Database) throws {
        let statement = try db.makeStatement(
            sql: "INSERT INTO temp.book_import VALUES (?\(String(repeating: ", ?", count: fields.count)))")
        let handle = statement.sqliteStatement
        defer {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        for (seq, draft) in drafts.enumerated() {
            sqlite3_reset(handle)
            var code = sqlite3_bind_int64(handle, 1, Int64(seq))
            for (offset, field) in fields.enumerated() where code == SQLITE_OK {
                let index = Int32(offset + 2)
                code =
                    switch draft[field] {
                    case .null: sqlite3_bind_null(handle, index)
                    case .integer(let number): sqlite3_bind_int64(handle, index, number)
                    case .text(let text): bindText(handle, index, text)
                    }
            }
            if code == SQLITE_OK { code = sqlite3_step(handle) }
            guard code == SQLITE_OK || code == SQLITE_DONE else {
                throw DatabaseError(
                    resultCode: ResultCode(rawValue: code),
                    message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
        }
    }

    /// The staging table's columns after `seq` (`BookStore.saveAll`).
    private static let fields = BookField.allCases

    /// Binds text by its UTF-8 bytes and length (SQLite copies them), or NULL for none.
    private static func bindText(_ handle: SQLiteStatement, _ index: Int32, _ text: String) -> Int32 {
        var text = text
        return text.withUTF8 { bytes in
            // An empty buffer may have no address; SQLite reads a NULL pointer as NULL, not "".
            let empty: StaticString = ""
            return sqlite3_bind_text(
                handle, index, bytes.isEmpty ? empty.utf8Start : bytes.baseAddress, Int32(bytes.count), sqliteTransient)
        }
    }

    /// SQLITE_TRANSIENT, a macro Swift does not import: SQLite copies the bytes at once.
    private static let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
