import ClubhouseServerSchema
import Foundation
import Logging
import PostgresNIO

/// Brings a database to this binary's schema before the server takes requests. Everything runs in
/// one transaction under a transaction-scoped advisory lock, so two servers starting at once
/// migrate once (the second waits, then finds nothing to do) and a failed migration leaves nothing
/// behind. A database whose schema is newer than the binary is refused, never downgraded.
package struct Migrator: Sendable {
    /// The advisory lock's key: "Clubhous" in ASCII, unlikely to meet another application's.
    static let lockKey: Int64 = 0x436C_7562_686F_7573

    package let migrations: [MigrationSource]

    /// Data rewritten by a migration beyond its SQL, run right after it in the same transaction:
    /// values PostgreSQL cannot compute (a username's skeleton).
    static let dataUpgrades: [Int: @Sendable (PostgresConnection, Logger) async throws -> Void] = [
        7: UsernameSkeletonUpgrade.fillAll
    ]

    package init(migrations: [MigrationSource] = ServerSchema.migrations) {
        self.migrations = migrations
    }

    package var binaryVersion: Int { migrations.last?.version ?? 0 }

    /// Applies what is missing and returns the versions it applied.
    @discardableResult
    package func migrate(_ connection: PostgresConnection, logger: Logger) async throws -> [Int] {
        try await connection.query("BEGIN", logger: logger)
        do {
            let applied = try await migrateInTransaction(connection, logger: logger)
            try await connection.query("COMMIT", logger: logger)
            return applied
        } catch {
            _ = try? await connection.query("ROLLBACK", logger: logger)
            throw error
        }
    }

    private func migrateInTransaction(_ connection: PostgresConnection, logger: Logger) async throws -> [Int] {
        try await connection.query("SELECT pg_advisory_xact_lock(\(Self.lockKey))", logger: logger)
        try await connection.query(
            """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version    INTEGER PRIMARY KEY,
                name       TEXT NOT NULL,
                applied_at TIMESTAMPTZ NOT NULL DEFAULT now())
            """, logger: logger)
        var recorded: [Int: String] = [:]
        let rows = try await connection.query("SELECT version, name FROM schema_migrations", logger: logger)
        for try await (version, name) in rows.decode((Int, String).self) { recorded[version] = name }

        if let newest = recorded.keys.max(), newest > binaryVersion {
            throw ServerStartError(
                "the database's schema is version \(newest), newer than this clubhouse-server's (\(binaryVersion)); "
                    + "run a clubhouse-server at least as new as the one that migrated it")
        }
        // The same number under another name is another history: applying ours over it would
        // guess at what the database holds.
        for migration in migrations {
            if let name = recorded[migration.version], name != migration.name {
                throw ServerStartError(
                    "the database's migration \(migration.version) is \(name), not \(migration.name): "
                        + "it was not made by clubhouse-server")
            }
        }
        var applied: [Int] = []
        for migration in migrations where recorded[migration.version] == nil {
            logger.info("applying migration", metadata: ["migration": "\(migration.name)"])
            for statement in Self.statements(in: migration.sql) {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
            try await Self.dataUpgrades[migration.version]?(connection, logger)
            try await connection.query(
                "INSERT INTO schema_migrations (version, name) VALUES (\(migration.version), \(migration.name))",
                logger: logger)
            applied.append(migration.version)
        }
        return applied
    }

    /// A migration file's statements, one by one (the extended protocol runs one at a time):
    /// split at semicolons outside quotes, `--` comments dropped. Migrations hold no
    /// dollar-quoted bodies (ServerMigrations/README.md).
    package static func statements(in sql: String) -> [String] {
        var statements: [String] = []
        var current = ""
        var quote: Character?
        var previous: Character?
        var inComment = false
        for character in sql {
            if inComment {
                if character == "\n" {
                    inComment = false
                    current.append(character)
                }
                continue
            }
            if let open = quote {
                current.append(character)
                if character == open { quote = nil }
            } else if character == "-" && previous == "-" {
                current.removeLast()
                inComment = true
            } else if character == "'" || character == "\"" {
                quote = character
                current.append(character)
            } else if character == ";" {
                statements.append(current)
                current = ""
            } else {
                current.append(character)
            }
            previous = inComment ? nil : character
        }
        statements.append(current)
        return statements.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }
}
