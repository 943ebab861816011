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
        try await withPools(connections: 13, loops: 3) { pools, loops, database in
            for loop in loops {
                let served = try await pools.client(on: loop).withConnection { $0.eventLoop === loop }
                #expect(served)
            }
            // Every connection opened at start (a fixed pool), 5 + 4 + 4 of them.
            #expect(try await openConnections(database, atLeast: 13) == 13)
        }
    }

    /// A pool gets at least `smallestShare` connections: with fewer for each loop, only some
    /// loops have a pool, and the others lease from those in turn.
    @Test func tooFewConnectionsForEveryLoopGoToSomeLoops() async throws {
        try await withPools(connections: 9, loops: 3) { pools, loops, database in
            for loop in loops.prefix(2) {
                let served = try await pools.client(on: loop).withConnection { $0.eventLoop === loop }
                #expect(served)
            }
            var servedThird: Set<ObjectIdentifier> = []
            for _ in 0..<4 {
                servedThird.insert(
                    try await pools.client(on: loops[2]).withConnection { ObjectIdentifier($0.eventLoop) })
            }
            #expect(servedThird == Set(loops.prefix(2).map { ObjectIdentifier($0) }))
            #expect(try await openConnections(database, atLeast: 9) == 9)
        }
        try await withPools(connections: ConnectionPools.smallestShare - 1, loops: 3) { pools, loops, database in
            for loop in loops {
                let servedBy = try await pools.client(on: loop).withConnection { ObjectIdentifier($0.eventLoop) }
                #expect(servedBy == ObjectIdentifier(loops[0]))
            }
            #expect(try await openConnections(database, atLeast: 3) == 3)
        }
    }

    /// A request's database work leases from the pool of the loop it runs on (in the executable
    /// every task runs on an event loop; here a task executor puts the request's task on one).
    @Test func aRequestOnALoopLeasesFromThatLoopsPool() async throws {
        try await withPools(connections: 8, loops: 2) { pools, loops, _ in
            var logger = Logger(label: "pools-test")
            logger.logLevel = .critical
            let database = Database(pools: pools, timeout: .seconds(60), logger: logger, metrics: ServerMetrics())
            for loop in loops {
                for _ in 0..<3 {
                    let served = try await withTaskExecutorPreference(LoopExecutor(loop)) {
                        try await database.read { $0.eventLoop === loop }
                    }
                    #expect(served)
                }
            }
        }
    }

    /// A caller on no event loop of the group (a test's in-process server) takes the pools in turn.
    @Test func aCallerOnNoLoopTakesThePoolsInTurn() async throws {
        try await withPools(connections: 8, loops: 2) { pools, loops, _ in
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
        func stop() async throws {
            running.cancel()
            _ = await running.result
            try await group.shutdownGracefully()
        }
        do {
            try await body(pools, loops, database)
        } catch {
            try await stop()
            throw error
        }
        try await stop()
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

/// Runs a task's jobs on one event loop, as the executable runs every task on the loops.
private final class LoopExecutor: TaskExecutor {
    let loop: any EventLoop

    init(_ loop: any EventLoop) { self.loop = loop }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
