import ClubhouseTestSupport
import Foundation
import Testing

enum Fixtures {
    static let password = "s3cret-pass"

    /// A database where `ana` is registered and signed in, made once: scrypt at its real cost is
    /// slow in a debug build, so tests copy this file instead of registering again.
    private static let signedInTemplate: Swift.Result<Data, any Error> = Result {
        let folder = try TemporaryFolder()
        let path = folder.path("template.sqlite")
        let clubhouse = ClubhouseProcess(database: path)
        for verb in [["register", "--no-login"], ["login"]] {
            let result = try clubhouse.run(verb + ["ana", "--password-stdin"], stdin: password + "\n")
            guard result.status == 0 else { throw FixtureError(message: "\(verb) failed: \(result.stderr)") }
        }
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// A copy of the signed-in template at `name` inside `folder`.
    static func signedInDatabase(in folder: TemporaryFolder, name: String = "clubhouse.sqlite") throws -> String {
        let path = folder.path(name)
        try signedInTemplate.get().write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A copy of `Fixtures/NAME` (a database made by an earlier release) at `name` in `folder`.
    static func copy(_ fixture: String, in folder: TemporaryFolder, name: String = "old.sqlite") throws -> String {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Fixtures/\(fixture)")
        let path = folder.path(name)
        try FileManager.default.copyItem(atPath: source.path, toPath: path)
        return path
    }

    struct FixtureError: Error {
        let message: String
    }
}

/// The JSON object a command printed.
func jsonObject(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

extension ClubhouseProcess {
    /// `nav --json`, which must succeed, as an object.
    func navigation(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let result = try run(["nav", "--json"])
        #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        return try jsonObject(result.stdout)
    }

    /// Adds players by name through `player add --name`, which must succeed; their ids.
    @discardableResult
    func addPlayers(_ names: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> [Int] {
        try names.map { name in
            let result = try run(["player", "add", "--name", name, "--quiet"])
            #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
            return try #require(Int(result.stdout.trimmingCharacters(in: .newlines)), sourceLocation: sourceLocation)
        }
    }
}

/// The navigation object's per-tab stacks.
func stacks(_ state: [String: Any]) -> [String: [String]]? {
    state["stacks"] as? [String: [String]]
}

/// The stored navigation row as the sqlite3 shell shows it, to prove a command left it alone.
func storedNavigation(_ path: String) throws -> String {
    try sqlite(path, "SELECT selected_tab, selected_page, stacks, modal FROM navigation_state")
}

/// The JSON array a command printed.
func jsonArray(_ text: String) throws -> [[String: Any]] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
}

/// Everything in the database as the sqlite3 shell's `.dump` prints it: equal before and after a
/// refused command, it proves that nothing was written.
func databaseDump(_ path: String) throws -> String {
    try sqlite(path, ".dump")
}

extension ClubhouseProcess {
    /// Runs without a terminal; once standard output contains `text` (or after 30 s), calls
    /// `whileRunning` with the process, then waits for it as `run` does.
    func run(
        _ arguments: [String], onceStdoutShows text: String, whileRunning: (Process) throws -> Void
    ) throws -> Result {
        try run(arguments, input: .none) { errURL, process in
            // `run` writes standard output to the file "out" beside the one for standard error.
            let outURL = errURL.deletingLastPathComponent().appending(path: "out")
            _ = waitUntil { ((try? String(contentsOf: outURL, encoding: .utf8)) ?? "").contains(text) }
            try whileRunning(process)
        }
    }
}
