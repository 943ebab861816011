import ClubhouseServerTestSupport
import ClubhouseTestSupport
import Foundation
import Testing

/// The test run's own guards: a wait that never ends fails its test instead of hanging the run,
/// and a spawned child holds none of the run's files open.
@Suite struct WatchdogTests {
    /// No time is measured here (a loaded run's first minutes hold every test for a while): the
    /// body would sleep an hour, so an answer at all means it was cut off.
    @Test func aWaitPastItsLimitIsFailedAndCancelled() async throws {
        var answer: Int? = 0
        await withKnownIssue {
            answer = try await Watchdog.run(
                "(RunGuardTests, on purpose) a sleep of an hour", limit: .milliseconds(200), backstop: false
            ) {
                try await Task.sleep(for: .seconds(3600))
                return 1
            }
        }
        #expect(answer == nil, "nil: cut off")
    }

    @Test func whatEndsInTimeIsAnswered() async throws {
        let answer = try await Watchdog.run("a quick one", limit: .seconds(3600)) { 42 }
        #expect(answer == 42)
        await #expect(throws: SpawnError.self) {
            try await Watchdog.run("a failing one", limit: .seconds(3600)) { throw SpawnError("no") }
        }
    }
}

/// A heavy test runs off the cooperative pool, so that one blocked waiting for its child holds no
/// thread that the run's async tests and in-process servers need.
@Suite(.heavy) struct HeavyTestExecutorTests {
    @Test func aSynchronousHeavyTestRunsOnTheHeavyTestsThreads() {
        #expect(HeavyTestExecutor.isCurrent)
    }

    @Test func anAsyncHeavyTestAndItsChildrenRunThereAfterEveryWait() async throws {
        try await Task.sleep(for: .milliseconds(1))
        #expect(HeavyTestExecutor.isCurrent)
        let children = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    await Task.yield()
                    return HeavyTestExecutor.isCurrent
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(children == [true, true, true, true])
    }
}

/// The turns heavy tests take: one each, or all of them for a test that runs alone.
@Suite struct HeavyTestGateTests {
    /// Bounded: with a broken gate a taker would wait for ever; every wait here ends when the time
    /// limit cancels the test.
    @Test(.timeLimit(.minutes(1))) func aTakerOfEveryTurnWaitsForThemAllAndNoLaterTakerPassesIt() async {
        let gate = HeavyTest.Gate(count: 3)
        let order = Order()
        await gate.take(1)
        await gate.take(1)
        Task {
            await gate.take(3)
            await order.add("alone")
        }
        await order.waitUntil(waiting: 1, at: gate, orAdded: "alone")
        Task {
            await gate.take(1)  // a turn is free, but one waits before it for all three
            await order.add("later")
            await gate.give(1)
        }
        await order.waitUntil(waiting: 2, at: gate, orAdded: "later")
        #expect(await order.all.isEmpty)
        await gate.give(1)
        #expect(await gate.waitingCount == 2, "one of three turns is still held")
        await gate.give(1)
        await order.waitUntil(added: "alone")
        #expect(await order.all == ["alone"])
        await gate.give(3)
        await order.waitUntil(added: "later")
        #expect(await order.all == ["alone", "later"])
    }

    /// What got through the gate, in order. Its waits yield, with no clock (a loaded run only
    /// makes them slower), until what they wait for or the test's cancellation.
    private actor Order {
        private(set) var all: [String] = []
        func add(_ name: String) { all.append(name) }

        /// Until `count` takers wait at `gate`, or `name` got through instead.
        func waitUntil(waiting count: Int, at gate: HeavyTest.Gate, orAdded name: String) async {
            while await gate.waitingCount < count, !all.contains(name), !Task.isCancelled { await Task.yield() }
        }

        func waitUntil(added name: String) async {
            while !all.contains(name), !Task.isCancelled { await Task.yield() }
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

/// A program the tests need that the machine lacks is named with its package, not a spawn error.
@Suite struct RequiredProgramTests {
    @Test func aMissingProgramNamesItsPackage() throws {
        let empty = try TemporaryFolder()
        for program in RequiredProgram.allCases {
            #expect(throws: MissingProgram.self) { try program.require(searching: [empty.url.path]) }
            do {
                try program.require(searching: [empty.url.path])
            } catch let missing as MissingProgram {
                #expect(
                    String(describing: missing).hasPrefix("\(program.rawValue) is not installed: apt-get install -y "))
            }
        }
        #expect(String(describing: MissingProgram(program: .initdb)).contains("apt-get install -y postgresql"))
        #expect(String(describing: MissingProgram(program: .setpriv)).contains("apt-get install -y util-linux"))
    }

    /// On this machine (README's Set up done) every one is there, at an executable path.
    @Test func everyProgramOfTheSetUpIsFound() throws {
        for program in RequiredProgram.allCases {
            let path = try program.require()
            #expect(FileManager.default.isExecutableFile(atPath: path), "\(program)")
        }
    }
}
