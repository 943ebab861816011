import ArgumentParser
import ClubhouseServer
import Foundation
import Logging

/// `clubhouse-server`: migrates the database, then serves the API until SIGTERM or SIGINT, when it
/// stops accepting connections, finishes the requests in flight and exits 0.
struct ServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clubhouse-server",
        abstract: "The Clubhouse API server (Football Gather and BookKitty) on PostgreSQL.",
        version: "clubhouse-server (schema \(ServerSchema.version))")

    @Option(help: "Client connections open at once on this instance; more wait to be accepted until one closes.")
    var maxClients: Int = 8192

    @Option(
        help: ArgumentHelp(
            "PostgreSQL, as postgres://USER:PASSWORD@HOST:PORT/DATABASE (default: $DATABASE_URL).",
            valueName: "url"))
    var databaseURL: String?

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0 picks a free one; default: $PORT, else 8080).")
    var port: Int?

    @Option(help: "Seconds a request waits for PostgreSQL before answering 503.")
    var databaseTimeout: Int = 5

    @Option(help: "Connections to PostgreSQL at most (the pool's size).")
    var databaseConnections: Int = 20

    @Option(help: "Change streams (GET /v1/sync/stream) open at once on this instance; one more answers 429.")
    var maxStreams: Int = 4096

    @Option(
        help:
            "Seconds a client connection may send nothing (headers unfinished, a body stalled, idle) before it is closed."
    )
    var idleTimeout: Int = 30

    @Option(help: ArgumentHelp("trace, debug, info, notice, warning, error or critical.", valueName: "level"))
    var logLevel: String = "info"

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        do {
            guard let url = databaseURL ?? environment["DATABASE_URL"], !url.isEmpty else {
                throw ServerStartError("no database: pass --database-url or set DATABASE_URL")
            }
            guard let level = Logger.Level(rawValue: logLevel) else {
                throw ServerStartError(
                    "--log-level must be one of trace, debug, info, notice, warning, error, critical")
            }
            let port =
                try port ?? environment["PORT"].map { text in
                    guard let value = Int(text) else { throw ServerStartError("PORT must be a number") }
                    return value
                } ?? 8080
            guard (0...65535).contains(port) else { throw ServerStartError("the port must be 0–65535") }
            guard (1...3600).contains(databaseTimeout) else {
                throw ServerStartError("--database-timeout must be 1–3600 seconds")
            }
            var logger = Logger(label: "clubhouse-server")
            logger.logLevel = level
            var configuration = ServerConfiguration(database: try DatabaseAddress(url: url), host: host, port: port)
            guard (1...1000).contains(databaseConnections) else {
                throw ServerStartError("--database-connections must be 1–1000")
            }
            configuration.databaseTimeout = .seconds(databaseTimeout)
            configuration.maximumConnections = databaseConnections
            guard (1...1_000_000).contains(maxStreams) else {
                throw ServerStartError("--max-streams must be 1–1000000")
            }
            configuration.maximumStreams = maxStreams
            guard (1...1_000_000).contains(maxClients) else {
                throw ServerStartError("--max-clients must be 1–1000000")
            }
            configuration.maximumClientConnections = maxClients
            guard (1...3600).contains(idleTimeout) else {
                throw ServerStartError("--idle-timeout must be 1–3600 seconds")
            }
            configuration.clientIdleTimeout = .seconds(idleTimeout)
            let applied = try await ClubhouseServer.migrate(configuration.database, logger: logger)
            logger.info(
                "database ready", metadata: ["schema": "\(ServerSchema.version)", "applied": "\(applied)"])
            let host = configuration.host
            let app = ClubhouseServer.application(configuration, logger: logger) { port in
                // One line on stdout (unbuffered) that scripts and tests wait for.
                FileHandle.standardOutput.write(Data("listening on http://\(host):\(port)\n".utf8))
            }
            try await app.runService()
        } catch let error as ServerStartError {
            FileHandle.standardError.write(Data("error: \(error.message)\n".utf8))
            throw ExitCode(1)
        }
    }
}
