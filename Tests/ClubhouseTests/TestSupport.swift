import Clubhouse
import Foundation
import Testing

/// What an observation reported, handed from its thread to the test's.
final class Mailbox: @unchecked Sendable {
    private let lock = NSLock()
    private let arrived = DispatchSemaphore(value: 0)
    private var items: [Result<Outcome, any Error>] = []

    func put(_ item: Result<Outcome, any Error>) {
        lock.withLock { items.append(item) }
        arrived.signal()
    }

    /// The first item, waiting at most `seconds` for it.
    func take(within seconds: Double) -> Result<Outcome, any Error>? {
        guard arrived.wait(timeout: .now() + seconds) == .success else { return nil }
        return lock.withLock { items.removeFirst() }
    }
}

/// A path in a new temporary folder, removed with the folder when the value goes.
final class TemporaryFile {
    let folder: String
    let path: String

    init() throws {
        folder = NSTemporaryDirectory() + "clubhouse-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        path = folder + "/clubhouse.sqlite"
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }
}

/// Runs SQL on `path` with the sqlite3 shell: how a person would tamper with the file.
func sqlite3(_ path: String, _ sql: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["sqlite3", path, sql]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "sqlite3 failed on: \(sql)")
}

/// The first column of the first row `sql` reads from `path`, read with the sqlite3 shell.
func sqlite3Value(_ path: String, _ sql: String) throws -> String {
    let process = Process()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["sqlite3", path, sql]
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "sqlite3 failed on: \(sql)")
    return String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
}

/// Ana signed in with `count` players named P1, P2, … (ids 1, 2, …), on the players list.
func signedInWithPlayers(_ count: Int, in file: TemporaryFile) throws -> ClubhouseApp {
    let app = try ClubhouseApp(path: file.path, hashingCost: .testing)
    try app.register(username: "ana", password: "s3cret-pass", signingIn: true)
    try sqlite3(
        file.path,
        """
        WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < \(count))
        INSERT INTO players (owner_id, name) SELECT 1, 'P' || x FROM n;
        """)
    try app.open("players")
    return app
}
