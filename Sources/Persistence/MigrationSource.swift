/// One `Migrations/NNNN_name.sql` file, embedded at build time by the EmbedMigrations plugin.
struct MigrationSource: Sendable {
    /// NNNN: also the schema version (`PRAGMA user_version`) once the migration is applied.
    let version: Int
    /// The file name without `.sql`: the migration's identifier in `grdb_migrations`.
    let name: String
    let sql: String
}
