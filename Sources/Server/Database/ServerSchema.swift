import ClubhouseServerSchema

/// The PostgreSQL migrations this binary carries (ServerMigrations/*.sql), in order.
package enum ServerSchema {
    package static var migrations: [MigrationSource] { EmbeddedMigrations.all }
    package static var version: Int { migrations.last?.version ?? 0 }
}
