import ClubhouseDomain
import ClubhouseSecurity
import ClubhouseTestSupport
import Foundation
import Testing

enum FaultFixtures {
    /// `Fixtures.password` hashed at the lowest cost the binary accepts from a file (N = 2^10).
    /// Verification reads the cost from the stored hash, so a user given this hash signs in in a
    /// millisecond instead of a second: the suite signs in hundreds of times.
    static let cheapHash: String = {
        do {
            return try ScryptPasswordHasher(cost: .testing).hash(try Password(Fixtures.password))
        } catch {
            fatalError("hashing the test password: \(error)")
        }
    }()

    /// Gives `username` the cheap hash of `Fixtures.password`.
    static func makeSignInCheap(_ path: String, username: String = "ana") throws {
        try sqlite(path, "UPDATE users SET password_hash = '\(cheapHash)' WHERE username_key = '\(username)'")
        guard try sqlite(path, "SELECT count(*) FROM users WHERE password_hash = '\(cheapHash)'") != "0" else {
            throw Fixtures.FixtureError(message: "no user \(username)")
        }
    }

    /// Adds a user by SQL with the cheap hash (no second of scrypt per user).
    static func insertUser(_ path: String, username: String) throws {
        try sqlite(
            path,
            "INSERT INTO users (username, username_key, password_hash) VALUES ('\(username)', '\(username.lowercased())', '\(cheapHash)')"
        )
    }
}

/// What every run of the binary in this suite must look like, whatever it was given: it ended by
/// itself (no signal, so no crash and no hang), with status 0, 1 or (for a usage error) 64;
/// never a Swift runtime trap; and every line of standard error is one `warning:`, `note:` or
/// `error:` line, with one `error:` line last when it failed (ArgumentParser's usage message
/// aside).
func expectClean(
    _ run: RawRun, _ what: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation
) {
    let stderr = run.stderrText
    let context =
        "\(what()) → \(run.ending); stderr: \(excerpt(stderr)); stdout: \(excerpt(run.stdoutText, limit: 300))"
    guard let status = run.ending.status else {
        Issue.record("ended by a signal: \(context)", sourceLocation: sourceLocation)
        return
    }
    #expect([0, 1, 64].contains(status), "\(context)", sourceLocation: sourceLocation)
    #expect(!stderr.contains("Fatal error"), "\(context)", sourceLocation: sourceLocation)
    #expect(!stderr.contains("stayed locked"), "\(context)", sourceLocation: sourceLocation)
    if status == 64 {
        // ArgumentParser's usage message, which starts `error:` as every refusal does, or the one
        // line refusing an argument that is not UTF-8.
        let refusal =
            run.stderrLines.count == 1 && stderr.hasPrefix("error: ") && stderr.hasSuffix(" is not valid UTF-8 text\n")
        let usage = stderr.hasPrefix("error: ") && stderr.contains("\nUsage: ")
        #expect(usage || refusal, "\(context)", sourceLocation: sourceLocation)
        return
    }
    let lines = run.stderrLines
    #expect(stderr.isEmpty || stderr.hasSuffix("\n"), "\(context)", sourceLocation: sourceLocation)
    for line in lines {
        #expect(
            line.hasPrefix("warning: ") || line.hasPrefix("note: ") || line.hasPrefix("error: "),
            "a line of stderr that is not one warning or error: \(excerpt(String(line))) in \(context)",
            sourceLocation: sourceLocation)
    }
    let errors = lines.filter { $0.hasPrefix("error: ") }
    if status == 0 {
        #expect(errors.isEmpty, "\(context)", sourceLocation: sourceLocation)
    } else {
        #expect(
            errors.count == 1 && lines.last?.hasPrefix("error: ") == true, "\(context)", sourceLocation: sourceLocation)
    }
}

/// Neither output holds a raw control character, escape sequence or bidi control.
func expectNoRawControls(
    _ run: RawRun, _ what: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation
) {
    for (name, data) in [("stdout", run.stdout), ("stderr", run.stderr)] {
        if let found = rawControl(in: data) {
            Issue.record(
                "raw \(found) on \(name) of \(what()): \(excerpt(String(decoding: data, as: UTF8.self)))",
                sourceLocation: sourceLocation)
        }
    }
}
