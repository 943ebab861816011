import Clubhouse
import Foundation
import Synchronization
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
    _ = try sqlite3Value(path, sql)
}

/// The first column of the first row `sql` reads from `path`, read with the sqlite3 shell.
func sqlite3Value(_ path: String, _ sql: String) throws -> String {
    let process = Process()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["sqlite3", "-cmd", ".timeout 30000", path, sql]  // waits on a busy file, as the app does
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "sqlite3 failed on: \(sql)")
    return String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
}

/// An app on `file`, with `username` registered (password `Accounts.password`) and signed in when
/// `signingIn`; the file is a copy of one made through the library for this username.
func registered(
    _ username: String = "ana", in file: TemporaryFile, scene: SceneName = .main, signingIn: Bool = true
) throws -> ClubhouseApp {
    try FileManager.default.copyItem(atPath: try Accounts.template(for: username), toPath: file.path)
    let app = try ClubhouseApp(path: file.path, scene: scene)
    if signingIn { try app.signIn(username: username, password: Accounts.password) }
    return app
}

/// Accounts made once per test process, for the tests that are not about registering.
///
/// The library hashes a new password at scrypt's recommended cost: 128 MiB and, in a debug build,
/// four seconds of CPU, spent on the thread of Swift's cooperative pool that runs the test. Paid
/// by every test here, it kept that pool busy for minutes and held up the other tests of the run.
/// So each username is registered once, on a template file, through the library; the template's
/// hash is then replaced with the sqlite3 shell (as a person could) by the same password's hash
/// at scrypt's lowest accepted cost, and each test copies the template. A sign-in checks a
/// password at the cost its hash records, so the tests' sign-ins are cheap too.
enum Accounts {
    static let password = "s3cret-pass"

    /// `password` under scrypt with ln=10, r=8, p=1 and the salt "clubhouse-tests!", in the
    /// library's format (Python's `hashlib.scrypt` derives the same key).
    static let cheapHash =
        "$scrypt$ln=10,r=8,p=1$Y2x1YmhvdXNlLXRlc3RzIQ==$eB7h3nMOVTp/jV70h4u1xVrUknCBEXaJ8snE9JrG0J8="

    /// One per username, each behind a lock of its own: a test waits only while its own
    /// username's template is made (seconds of a cooperative thread), never for another's.
    private static let templates = Mutex<[String: Template]>([:])

    private final class Template: Sendable {
        let path = Mutex<String?>(nil)
    }

    /// The template file of `username`, made on first use.
    static func template(for username: String) throws -> String {
        let template = templates.withLock { templates in
            if let template = templates[username] { return template }
            let template = Template()
            templates[username] = template
            return template
        }
        return try template.path.withLock { path in
            if let path { return path }
            let made = try make(username)
            path = made
            return made
        }
    }

    private static func make(_ username: String) throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = removesFolderAtExit
        let file = folder + "/\(username).sqlite"
        // Left by an earlier process of the same id that did not exit.
        try? FileManager.default.removeItem(atPath: file)
        try ClubhouseApp(path: file).register(username: username, password: password)
        // The app writes each change with a rollback journal, so the file alone holds it all.
        let hash = try sqlite3Value(
            file, "UPDATE users SET password_hash = '\(cheapHash)' RETURNING password_hash")
        guard hash == cheapHash else { throw ClubhouseError.invalidInput("the template of \(username) kept its hash") }
        return file
    }

    private static let folder = NSTemporaryDirectory() + "clubhouse-tests-accounts-\(getpid())"

    /// The templates outlive every test, so the process removes their folder as it exits.
    private static let removesFolderAtExit: Void = {
        atexit { try? FileManager.default.removeItem(atPath: Accounts.folder) }
    }()
}

/// Ana signed in with `count` players named P1, P2, … (ids 1, 2, …), on the players list.
func signedInWithPlayers(_ count: Int, in file: TemporaryFile) throws -> ClubhouseApp {
    let app = try registered(in: file)
    try sqlite3(
        file.path,
        """
        WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < \(count))
        INSERT INTO players (owner_id, name) SELECT 1, 'P' || x FROM n;
        """)
    try app.open("players")
    return app
}

/// What `work` was refused with, as people read it (nil: it was not refused).
func message(_ work: () throws -> Void) -> String? {
    do {
        try work()
        return nil
    } catch let error as ClubhouseError {
        return error.message
    } catch {
        return "\(error)"
    }
}
