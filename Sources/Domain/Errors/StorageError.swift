/// Why the database file could not be used. Whatever the case, nothing was written. `message`
/// says it in words for people; it may quote a path or stored text as it is, so escape it before
/// showing it on a terminal.
public enum StorageError: Error, Equatable, Sendable {
    /// The file is not a Clubhouse database (another SQLite file, or not SQLite at all).
    case notClubhouseDatabase(path: String)
    /// The file was written by a newer release, whose schema this one does not know.
    case newerSchema(path: String, found: Int, known: Int)
    /// The file says schema `version` but its tables, indexes or triggers differ.
    case schemaMismatch(path: String, version: Int, problems: [String])
    /// The file records schema `recorded`, but its tables are exactly those of schema `tables`:
    /// its version mark was changed (by hand, or by another program).
    case versionMarkWrong(path: String, recorded: Int, tables: Int)
    /// An upgrade from schema `from` to `to` failed (`reason`: a full disk, an I/O error); it was
    /// one transaction, so the file is still at `from`, as it was.
    case upgradeFailed(path: String, from: Int, to: Int, reason: String)
    /// An interrupted write left `journal` beside the database, and this user cannot roll it back
    /// (`reason`: the folder, the journal or the database is not theirs to write); until someone
    /// who can does, no command can read the file.
    case journalNotRolledBack(path: String, journal: String, reason: String)
    /// An empty path was given for the database.
    case noPath
    /// `check` and `backup` look at a database; they never make one.
    case noDatabase(path: String)
    /// The folder of an explicit path does not exist (it is never created).
    case folderMissing(path: String)
    /// The file or its folder cannot be written.
    case readOnly(path: String)
    /// The file cannot be opened or created (a folder, a device, a path with a NUL, …).
    case cannotOpen(path: String, reason: String)
    /// Another connection kept the file locked longer than the busy timeout (10 s).
    case busy
    /// SQLite reports the file as corrupt.
    case damaged(path: String)
    /// The disk is full.
    case diskFull
    /// The file an app opened was deleted, moved away or replaced by another file while open.
    case moved(path: String)
    /// The work was stopped on request (a signal to the command line) before it finished; what
    /// it had written was rolled back.
    case interrupted
    /// Anything else SQLite or the system reported, in their words.
    case other(String)

    public var message: String {
        switch self {
        case .notClubhouseDatabase(let path):
            "\(path) is not a Clubhouse database; it was left untouched"
        case .newerSchema(let path, let found, let known):
            "\(path) was written by a newer Clubhouse (schema \(found); this one knows up to \(known)); it was left untouched: open it with that release or a later one"
        case .schemaMismatch(let path, let version, let problems):
            "\(path) does not match Clubhouse schema \(version) (\(Self.list(problems))); it was left untouched: restore a copy made before it was changed (clubhouse backup can still copy it, and clubhouse check lists what differs)"
        case .versionMarkWrong(let path, let recorded, let tables):
            "\(path) records schema \(recorded), but its tables are those of schema \(tables): its version mark was changed; it was left untouched. If you trust the file, set the mark back with: sqlite3 \(Self.shellQuoted(path)) 'PRAGMA user_version = \(tables)'"
        case .upgradeFailed(let path, 0, _, let reason):
            "could not set up the new database at \(path) (\(reason)); nothing was written"
        case .upgradeFailed(let path, let from, let to, let reason):
            "could not upgrade \(path) from schema \(from) to \(to) (\(reason)); the upgrade was undone and the file is still at schema \(from), as it was"
        case .journalNotRolledBack(_, let journal, let reason):
            "an interrupted write left \(journal), which cannot be rolled back here: \(reason). Any clubhouse command run by a user who can (its owner) rolls it back; until then no command can use the file"
        case .noPath: "the database path is empty"
        case .noDatabase(let path): "there is no database at \(path)"
        case .folderMissing(let path): "the folder \(path) does not exist"
        case .readOnly(let path): "cannot write to \(path): the database or its folder is read-only"
        case .cannotOpen(let path, let reason): "cannot open the database at \(path): \(reason)"
        case .busy: "the database stayed locked by another clubhouse command; try again"
        case .damaged(let path): "the database at \(path) is damaged"
        case .diskFull: "the disk is full; nothing was written"
        case .moved(let path):
            "the database at \(path) was deleted, moved or replaced while it was open; open it again"
        case .interrupted: "interrupted; nothing was changed"
        case .other(let message): "database: \(message)"
        }
    }

    /// `text` as one word for a POSIX shell.
    private static func shellQuoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// The first few of a list, then how many more.
    private static func list(_ items: [String]) -> String {
        let shown = items.prefix(4).joined(separator: ", ")
        return items.count > 4 ? "\(shown) and \(items.count - 4) more" : shown
    }
}
