import ClubhouseServerTestSupport
import ClubhouseTestSupport
import Foundation
import Testing

/// The test run's own guards: a wait that never ends fails its test instead of hanging the run,
/// and a spawned child holds none of the run's files open.
@Suite struct WatchdogTests {
    @Test func aWaitPastItsLimitIsFailedAndCancelled() async throws {
        let start = ContinuousClock.now
        var answer: Int? = 0
        try await withKnownIssue {
            answer = try await Watchdog.run(
                "(RunGuardTests, on purpose) a sleep of a minute", limit: .milliseconds(200)
            ) {
                try await Task.sleep(for: .seconds(60))
                return 1
            }
        }
        #expect(answer == nil, "nil: cut off")
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    @Test func whatEndsInTimeIsAnswered() async throws {
        let answer = try await Watchdog.run("a quick one", limit: .seconds(60)) { 42 }
        #expect(answer == 42)
        await #expect(throws: SpawnError.self) {
            try await Watchdog.run("a failing one", limit: .seconds(60)) { throw SpawnError("no") }
        }
    }
}

@Suite struct SpawnedFilesTests {
    /// A child spawned while this process holds a pipe open gets its standard three and nothing
    /// else (ls's own listing of the folder aside).
    @Test func aSpawnedChildInheritsNoPipe() throws {
        let pipe = Pipe()
        let held = [pipe.fileHandleForReading.fileDescriptor, pipe.fileHandleForWriting.fileDescriptor]
        let (status, listing, _) = try ServerProcess.runBlocking("/bin/ls", ["/proc/self/fd"])
        #expect(status == 0)
        let open = Set(listing.split(separator: "\n").compactMap { Int32($0) })
        #expect(open.isDisjoint(with: held), "inherited \(open)")
        #expect(open.subtracting([0, 1, 2]).count <= 1, "\(open)")
        try pipe.fileHandleForWriting.close()
    }
}
