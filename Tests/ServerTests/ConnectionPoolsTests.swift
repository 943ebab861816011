import ClubhouseServer
import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import Testing

/// The server's connections are spread over its event loops, one pool per loop, and a request
/// leases from its own loop's pool: its query's answer then resumes it on the thread that serves
/// its socket. (One pool put every connection on one loop, and the server's work on one core.)
@Suite(.serialized) struct ConnectionPoolsTests {
    @Test func eachLoopLeasesAConnectionOnItself() async throws {
        try await withPools(connections: 5, loops: 3) { pools, loops, database in
            for loop in loops {
                let served = try await pools.client(on: loop).withConnection { $0.eventLoop === loop }
                #expect(served)
            }
            // Every connection opened at start (a fixed pool), 2 + 2 + 1 of them.
            #expect(try await openConnections(database, atLeast: 5) == 5)
        }
    }

    @Test func fewerConnectionsThanLoopsMeansPoolsOnSomeLoopsOnly() async throws {
        try await withPools(connections: 1, loops: 3) { pools, loops, database in
            for loop in loops {
                let servedBy = try await pools.client(on: loop).withConnection { ObjectIdentifier($0.eventLoop) }
                #expect(servedBy == ObjectIdentifier(loops[0]))
            }
            #expect(try await openConnections(database, atLeast: 1) == 1)
        }
    }

    /// A caller on no event loop of the group (a test's in-process server) takes the pools in turn.
    @Test func aCallerOnNoLoopTakesThePoolsInTurn() async throws {
        try await withPools(connections: 4, loops: 2) { pools, loops, _ in
            var served: [ObjectIdentifier] = []
            for _ in 0..<4 {
                served.append(try await pools.client(on: nil).withConnection { ObjectIdentifier($0.eventLoop) })
            }
            #expect(Set(served) == Set(loops.map { ObjectIdentifier($0) }))
        }
    }

    private func withPools(
        connections: Int, loops count: Int,
        _ body: @Sendable (ConnectionPools, [any EventLoop], TestDatabase) async throws -> Void
    ) async throws {
        let database = try await PostgresCluster.shared().createDatabase()
        let group = MultiThreadedEventLoopGroup(numberOfThreads: count)
        let loops = Array(group.makeIterator())
        var logger = Logger(label: "pools-test")
        // The pools log each connection they were opening when shut down.
        logger.logLevel = .critical
        let pools = ConnectionPools(
            database.address.clientConfiguration, maximumConnections: connections, fixed: true, group: group,
            backgroundLogger: logger)
        let running = Task { try await pools.run() }
        do {
            try await body(pools, loops, database)
        } catch {
            running.cancel()
            _ = await running.result
            try await group.shutdownGracefully()
            throw error
        }
        running.cancel()
        _ = await running.result
        try await group.shutdownGracefully()
    }

    /// The sessions open on the test's database (but this one), once at least `least` are: a
    /// fixed pool opens its connections in the background after it starts.
    private func openConnections(_ database: TestDatabase, atLeast least: Int) async throws -> Int {
        var count = 0
        for _ in 0..<600 {
            let values = try await database.values(
                """
                SELECT count(*)::text FROM pg_stat_activity
                WHERE datname = current_database() AND pid <> pg_backend_pid()
                """)
            count = Int(values.first.flatMap { $0 } ?? "") ?? 0
            if count >= least { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        return count
    }
}
