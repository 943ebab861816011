import ClubhouseServer
import ClubhouseTestSupport
import Foundation
import Logging
import PostgresNIO

/// A throwaway PostgreSQL cluster started by `scripts/throwaway-postgres` (initdb in a temporary
/// folder, loopback only, run as `nobody` when the tests run as root). The script watches this
/// test process and stops and removes the cluster once it is gone, however the run ends.
package final class PostgresCluster: Sendable {
    package let folder: String
    package let port: Int

    /// The repository's script, found from this file's path.
    package static let script: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "scripts/throwaway-postgres")

    /// One cluster for the whole test process; each test gets a database of its own in it.
    package static func shared() async throws -> PostgresCluster {
        try await Shared.holder.cluster()
    }

    private actor Shared {
        static let holder = Shared()
        private var started: PostgresCluster?

        func cluster() throws -> PostgresCluster {
            if let started { return started }
            let cluster = try PostgresCluster()
            started = cluster
            return cluster
        }
    }

    /// A cluster of its own (a test that stops PostgreSQL under a server must not stop everyone's).
    package init() throws {
        let output = try Self.run(["start", "--watch", String(getpid())])
        var values: [String: String] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
        }
        guard let folder = values["PGFOLDER"], let url = values["DATABASE_URL"],
            let address = try? DatabaseAddress(url: url)
        else { throw ClusterError("throwaway-postgres printed no cluster: \(output)") }
        self.folder = folder
        self.port = address.port
    }

    package func stop() throws { _ = try Self.run(["stop", folder]) }
    /// PostgreSQL stops; the data stays for `resume`, on the same port.
    package func halt() throws { _ = try Self.run(["halt", folder]) }
    package func resume() throws { _ = try Self.run(["resume", folder]) }
    /// PostgreSQL stops answering (SIGSTOP): connections stay open and queries wait, as with a
    /// paused or unreachable host. `stop` thaws it first.
    package func freeze() throws { _ = try Self.run(["freeze", folder]) }
    package func thaw() throws { _ = try Self.run(["thaw", folder]) }

    package func address(database: String = "postgres") -> DatabaseAddress {
        DatabaseAddress(host: "127.0.0.1", port: port, username: "postgres", database: database)
    }

    /// A fresh, empty database.
    package func createDatabase() async throws -> TestDatabase {
        let name = "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try await TestDatabase(address: address()).execute("CREATE DATABASE \(name)")
        return TestDatabase(address: address(database: name))
    }

    /// Runs the script (through `posix_spawn`, so PostgreSQL starts with no signal blocked: the
    /// test runner blocks SIGINT and SIGTERM, and `pg_ctl stop` sends them).
    @discardableResult
    package static func run(_ arguments: [String]) throws -> String {
        // The script's own message for a missing PostgreSQL is a shell's; the tests name the package.
        try RequiredProgram.initdb.require()
        try RequiredProgram.setpriv.require()
        let (status, output, errors) = try ServerProcess.runBlocking(script.path, arguments)
        guard status == 0 else {
            throw ClusterError("throwaway-postgres \(arguments.joined(separator: " ")) failed: \(errors)")
        }
        return output
    }
}

package struct ClusterError: Error, CustomStringConvertible {
    package let description: String

    package init(_ description: String) {
        self.description = description
    }
}

/// One test's database, with raw SQL for what only a test does (expire a token, read rows back).
package struct TestDatabase: Sendable {
    package let address: DatabaseAddress

    package init(address: DatabaseAddress) {
        self.address = address
    }

    package func withConnection<Result: Sendable>(
        _ body: @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let logger = Logger(label: "test-sql")
        let connection = try await PostgresConnection.connect(
            configuration: address.connectionConfiguration, id: 1, logger: logger)
        do {
            let result = try await body(connection)
            try await connection.close()
            return result
        } catch {
            try? await connection.close()
            throw error
        }
    }

    package func execute(_ sql: String) async throws {
        try await withConnection { connection in
            for statement in Migrator.statements(in: sql) {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: Logger(label: "test-sql"))
            }
        }
    }

    /// The first column of every row, as text.
    package func values(_ sql: String) async throws -> [String?] {
        try await withConnection { connection in
            let rows = try await connection.query(PostgresQuery(unsafeSQL: sql), logger: Logger(label: "test-sql"))
            var values: [String?] = []
            for try await row in rows {
                values.append(try row.makeRandomAccess()[0].decode(String?.self))
            }
            return values
        }
    }
}
