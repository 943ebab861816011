/// Why the database could not be used, in words for the `error:` line.
public enum StorageError: Error, Equatable, Sendable {
    case notClubhouseDatabase(path: String)
    case newerSchema(path: String, found: Int, known: Int)
    /// The file says schema `version` but its tables, indexes or triggers differ.
    case schemaMismatch(path: String, version: Int, problems: [String])
    case noPath
    /// `check` and `backup` look at a database; they never make one.
    case noDatabase(path: String)
    case folderMissing(path: String)
    case readOnly(path: String)
    case cannotOpen(path: String, reason: String)
    case busy
    case damaged(path: String)
    case diskFull
    case other(String)

    public var message: String {
        switch self {
        case .notClubhouseDatabase(let path):
            "\(path) is not a Clubhouse database; it was left untouched"
        case .newerSchema(let path, let found, let known):
            "\(path) was written by a newer Clubhouse (schema \(found); this one knows up to \(known)); it was left untouched"
        case .schemaMismatch(let path, let version, let problems):
            "\(path) does not match Clubhouse schema \(version) (\(Self.list(problems))); it was left untouched"
        case .noPath: "--database needs a path"
        case .noDatabase(let path): "there is no database at \(path)"
        case .folderMissing(let path): "the folder \(path) does not exist"
        case .readOnly(let path): "cannot write to \(path): the database or its folder is read-only"
        case .cannotOpen(let path, let reason): "cannot open the database at \(path): \(reason)"
        case .busy: "the database stayed locked by another clubhouse command; try again"
        case .damaged(let path): "the database at \(path) is damaged"
        case .diskFull: "the disk is full; nothing was written"
        case .other(let message): "database: \(message)"
        }
    }

    /// The first few of a list, then how many more.
    private static func list(_ items: [String]) -> String {
        let shown = items.prefix(4).joined(separator: ", ")
        return items.count > 4 ? "\(shown) and \(items.count - 4) more" : shown
    }
}
