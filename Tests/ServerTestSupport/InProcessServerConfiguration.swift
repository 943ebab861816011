import ClubhouseServer

extension ServerConfiguration {
    /// The configuration of a server that a test runs in its own process, on `database` of the
    /// shared test cluster. Each test server, and each of its settings, starts here.
    package static func inTestProcess(on database: TestDatabase) -> ServerConfiguration {
        var configuration = ServerConfiguration(database: database.address, port: 0)
        // Every test registers accounts; the recommended cost is the CLI's and the server process's.
        configuration.hashCost = .testing
        // Dozens of tests run at once against one cluster.
        configuration.maximumConnections = 4
        configuration.keepsConnectionsOpen = false
        // Slow, not down. The server's work runs on Swift's cooperative pool, which it shares
        // with hundreds of tests in this process: at the run's start a request's work can wait a
        // minute behind theirs. A test about the deadline sets its own.
        configuration.databaseTimeout = .seconds(300)
        return configuration
    }
}
