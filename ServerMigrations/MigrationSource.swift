/// One `ServerMigrations/NNNN_name.sql` file (PostgreSQL), embedded at build time by the EmbedMigrations plugin, which
/// generates `EmbeddedMigrations.all` beside this file. The .sql files are the schema; this module
/// only carries them into the binary.
public struct MigrationSource: Sendable {
    /// NNNN: also the schema version (a row of `schema_migrations`) once the migration is applied.
    public let version: Int
    /// The file name without `.sql`: the migration's identifier in `grdb_migrations`.
    public let name: String
    public let sql: String

    public init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = sql
    }
}
