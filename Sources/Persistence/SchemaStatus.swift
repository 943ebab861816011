import ClubhouseDomain
import GRDB

/// What a command does with a file, decided from its marks (`PRAGMA application_id` and
/// `user_version`) and its tables: one answer, shared by every command, which acts on it, and by
/// `check`, which predicts it. `grdb_migrations` has no say (see `SchemaUpgrade`).
enum SchemaStatus: Equatable {
    /// This build's schema: used as it is.
    case current
    /// An older schema whose tables are those of its version: the next command upgrades it.
    case older(version: Int)
    /// No tables and no marks: the next command that may create a database sets it up.
    case new
    /// Every command refuses the file, with this error (which says what to do).
    case refused(StorageError)

    /// Reads the marks and the tables in the caller's read transaction, so that they belong
    /// together even while another process upgrades the file.
    static func of(_ db: Database, path: String) throws -> SchemaStatus {
        let (applicationID, version) = try AppDatabase.marks(db)
        let (count, digest) = try SchemaShape.shape(db)
        if count == 0, version == 0, applicationID == 0 || applicationID == AppDatabase.applicationID {
            return .new
        }
        guard applicationID == AppDatabase.applicationID else {
            return .refused(.notClubhouseDatabase(path: path))
        }
        guard version <= AppDatabase.schemaVersion else {
            return .refused(.newerSchema(path: path, found: version, known: AppDatabase.schemaVersion))
        }
        let recorded = SchemaShape.recordedDigest(version)
        let isKnown = recorded != nil
        if isKnown, try recorded == digest || SchemaShape.differences(db, version: version).isEmpty {
            return version == AppDatabase.schemaVersion ? .current : .older(version: version)
        }
        // The tables are not those of the recorded version. When they are exactly another
        // version's, the mark is what was changed, and setting it back is the way forward.
        if let tables = SchemaShape.version(of: digest) {
            return .refused(.versionMarkWrong(path: path, recorded: version, tables: tables))
        }
        let problems =
            isKnown ? try SchemaShape.differences(db, version: version) : ["no Clubhouse schema has that version"]
        return .refused(.schemaMismatch(path: path, version: version, problems: problems))
    }
}
