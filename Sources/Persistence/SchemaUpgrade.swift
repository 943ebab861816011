import ClubhouseSchema
import GRDB

/// Brings a file from the schema version it records to a newer one in ONE transaction: every
/// migration's SQL, the data it rewrites and the marks commit together or not at all. A disk
/// that fills, an I/O error or a SIGKILL halfway leaves the file at the version it started from,
/// never at one in between (GRDB's migrator commits each migration on its own).
///
/// The version to start from is `PRAGMA user_version`, checked against the tables by
/// `SchemaStatus` beforehand. `grdb_migrations`, the record releases up to 0.6 kept through
/// GRDB's migrator, is not read; it is rewritten whole, so a release that reads it finds it true.
enum SchemaUpgrade {
    /// Data rewritten by a migration beyond its SQL: stored values whose shape its version changed.
    private static let dataUpgrades: [Int: @Sendable (Database) throws -> Void] = [
        2: NavigationStore.upgradeAll,
        4: UsernameKeyUpgrade.recomputeAll,
        13: UsernameSkeletonUpgrade.fillAll,
    ]

    /// Upgrades the file from `version` to `target` in one IMMEDIATE transaction. Foreign keys
    /// stay on and are checked per statement: a migration may not break one, but one already
    /// broken (a row deleted with foreign keys off) must not stop every upgrade.
    static func run(_ queue: DatabaseQueue, from version: Int, to target: Int = AppDatabase.schemaVersion) throws {
        try queue.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                try apply(db, from: version, to: target)
                return .commit
            }
        }
    }

    /// The migrations after `version` up to `target`, within the caller's transaction.
    static func apply(_ db: Database, from version: Int, to target: Int) throws {
        for migration in EmbeddedMigrations.all where migration.version > version && migration.version <= target {
            try db.execute(sql: migration.sql)
            try dataUpgrades[migration.version]?(db)
        }
        try db.execute(sql: "DROP TABLE IF EXISTS grdb_migrations")
        try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
        for migration in EmbeddedMigrations.all where migration.version <= target {
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [migration.name])
        }
        try db.execute(sql: "PRAGMA application_id = \(AppDatabase.applicationID)")
        try db.execute(sql: "PRAGMA user_version = \(target)")
    }
}
