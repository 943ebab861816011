import ClubhouseTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Hostile text as arguments and on standard input: terminal escape sequences, bidi controls, a
/// combining-mark bomb, the longest argument Linux passes, SQL fragments, bytes that are not
/// UTF-8, and 100 MB of password. Each is either refused with one clean `error:` line (or a
/// usage error), a non-zero status and the file untouched, or accepted and then shown escaped
/// in human output (never a raw control, escape or bidi character on stdout or stderr) and
/// exactly in `--json`.
@Suite(.heavy) struct HostileStringsTests {
    struct Hostile: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        /// Must be refused, whatever else is accepted: limits count Unicode scalars or bytes, and
        /// an argument that is not UTF-8 is refused rather than silently changed.
        var mustBeRefused = false

        var text: String? { String(validating: bytes, as: UTF8.self) }
        var testDescription: String { name }

        init(_ name: String, _ text: String, mustBeRefused: Bool = false) {
            self.name = name
            self.bytes = Array(text.utf8)
            self.mustBeRefused = mustBeRefused
        }

        init(_ name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
            self.mustBeRefused = true
        }
    }

    static let strings: [Hostile] = [
        Hostile("clear screen", "Zoë\u{1B}[2J\u{1B}[H"),
        Hostile("OSC window title", "\u{1B}]0;owned\u{07}Kai"),
        Hostile("C1 CSI", "Lea\u{9B}31mred"),
        Hostile("bidi override", "Max\u{202E}gnp.exe"),
        Hostile("bidi isolate", "Ana\u{2067}x\u{2069}"),
        Hostile("right-to-left mark", "Bo\u{200F}b"),
        Hostile("line separator", "Cy\u{2028}Di"),
        Hostile("delete", "Ed\u{7F}d"),
        Hostile("carriage return", "Fay\r9   Forged"),
        Hostile("combining-mark bomb", "a" + String(repeating: "\u{0301}", count: 10_000), mustBeRefused: true),
        // Linux takes at most 128 KiB for one argument (MAX_ARG_STRLEN), so that is the longest.
        Hostile("128 KiB", String(repeating: "x", count: 131_000), mustBeRefused: true),
        Hostile("SQL", "'); DROP TABLE players; --"),
        Hostile("SQL in quotes", "\"; DELETE FROM users; --"),
        Hostile("invalid UTF-8", bytes: [0x41, 0xFF, 0xFE, 0x42]),
        Hostile("truncated UTF-8", bytes: [0x5A, 0x6F, 0xC3]),
        Hostile("overlong slash", bytes: [0x70, 0x6C, 0x61, 0x79, 0x65, 0x72, 0x73, 0xC0, 0xAF, 0x31]),
    ]

    /// Where the hostile value goes, with `X` for it.
    static let signedInCommands: [[String]] = [
        ["player", "add", "--name", "X"],
        ["player", "add", "--name", "Ok", "--favourite-team", "X"],
        ["player", "edit", "1", "--name", "X"],
        ["player", "show", "X"],
        ["open", "X"],
        ["tab", "X"],
        ["history", "--limit", "X"],
        ["gather", "new", "--team-a", "X", "--team-b", "1"],
        ["gather", "timer", "set", "X"],
    ]

    static let signedOutCommands: [[String]] = [
        ["register", "X", "--password-stdin"],
        ["login", "X", "--password-stdin"],
    ]

    /// ana (signed in, with the cheap hash) and her player 1 "Zoë"; and the same signed out.
    private static let templates: Swift.Result<(signedIn: Data, signedOut: Data), any Error> = Result {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        try FaultFixtures.makeSignInCheap(path)
        let clubhouse = ClubhouseProcess(database: path)
        guard try clubhouse.run(["player", "add", "--name", "Zoë"]).status == 0 else {
            throw Fixtures.FixtureError(message: "player add failed")
        }
        let signedIn = try Data(contentsOf: URL(fileURLWithPath: path))
        guard try clubhouse.run(["logout"]).status == 0 else { throw Fixtures.FixtureError(message: "logout failed") }
        return (signedIn, try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// The template's arguments with each `X` replaced by the hostile bytes.
    private static func fill(_ template: [String], with bytes: [UInt8]) -> [[UInt8]] {
        template.map { argument in
            argument.split(separator: "X", omittingEmptySubsequences: false).map { Array($0.utf8) }.joined(
                separator: bytes
            ).map { $0 }
        }
    }

    @Test(arguments: strings)
    func asAnArgument(_ hostile: Hostile) throws {
        let folder = try TemporaryFolder()
        let password = folder.path("password")
        try Data(Fixtures.password.utf8).write(to: URL(fileURLWithPath: password))
        let templates = try Self.templates.get()
        let commands = Self.signedInCommands.map { ($0, true) } + Self.signedOutCommands.map { ($0, false) }
        for (template, signedIn) in commands {
            let path = folder.path("\(UUID().uuidString).sqlite")
            let before = signedIn ? templates.signedIn : templates.signedOut
            try before.write(to: URL(fileURLWithPath: path))
            let arguments = Self.fill(template, with: hostile.bytes) + [Array("--database".utf8), Array(path.utf8)]
            let shown =
                "clubhouse " + template.joined(separator: " ").replacingOccurrences(of: "X", with: "<\(hostile.name)>")
            let result = try RawRun.run(arguments, stdin: .file(password), in: folder)
            expectClean(result, shown)
            expectNoRawControls(result, shown)
            #expect(result.stderr.count < 2_000, "\(shown) printed \(result.stderr.count) bytes on stderr")
            if result.ending != .exited(0) {
                #expect(
                    try Data(contentsOf: URL(fileURLWithPath: path)) == before, "\(shown) failed but changed the file")
                continue
            }
            #expect(!hostile.mustBeRefused, "\(shown) was accepted: \(excerpt(result.stdoutText))")
            try Self.expectShownSafely(template, hostile, result, database: path, in: folder)
        }
    }

    /// After an accepted command: `--json` holds the value exactly, human output escapes it.
    private static func expectShownSafely(
        _ template: [String], _ hostile: Hostile, _ result: RawRun, database path: String, in folder: TemporaryFolder
    ) throws {
        let shown =
            "clubhouse " + template.joined(separator: " ").replacingOccurrences(of: "X", with: "<\(hostile.name)>")
        let text = try #require(hostile.text, "\(shown): not UTF-8, yet accepted")
        var exact: (arguments: [String], key: String, expected: String)?
        switch (template[0], template[1]) {
        case ("player", "add"):
            // "Added player 3: NAME." (the name escaped, which expectNoRawControls checked).
            let id = String(result.stdoutText.dropFirst("Added player ".count).prefix { $0.isNumber })
            exact = (["player", "show", id, "--json"], template[3] == "X" ? "name" : "favouriteTeam", text)
        case ("player", "edit"):
            exact = (["player", "show", "1", "--json"], template[3] == "--name" ? "name" : "favouriteTeam", text)
        case ("register", _):
            exact = (["whoami", "--json"], "username", text.precomposedStringWithCanonicalMapping)
            let login = try RawRun.run(
                [
                    Array("login".utf8), hostile.bytes, Array("--password-stdin".utf8), Array("--database".utf8),
                    Array(path.utf8),
                ], stdin: .file(folder.path("password")), in: folder)
            #expect(login.ending == .exited(0), "login after \(shown): \(excerpt(login.stderrText))")
        default:
            break
        }
        if let exact {
            let json = try RawRun.run(exact.arguments, database: path, in: folder)
            #expect(json.ending == .exited(0), "\(exact.arguments): \(excerpt(json.stderrText))")
            let object = try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any]
            #expect(object?[exact.key] as? String == exact.expected, "\(shown): --json does not hold the value exactly")
        }
        for arguments in [["player", "list"], ["player", "show", "1"], ["nav"], ["home"]] {
            let human = try RawRun.run(arguments, database: path, in: folder)
            expectClean(human, "\(arguments) after \(shown)")
            expectNoRawControls(human, "clubhouse \(arguments.joined(separator: " ")) after \(shown)")
        }
    }

    /// The full-width `ａｎａ` and `ANA` are the account `ana` (NFKC and case folding).
    @Test(arguments: ["ANA", "ａｎａ", "Ａｎａ"])
    func aLookAlikeUsernameIsTheSameAccount(_ username: String) throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        try FaultFixtures.makeSignInCheap(path)
        try ClubhouseProcess(database: path).run(["logout"])
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let register = try ClubhouseProcess(database: path).run(
            ["register", username, "--password-stdin", "--no-login"], stdin: "another-password")
        #expect(register.status == 1, "register \(username): \(register.stdout)")
        #expect(register.stderrLines.count == 1 && register.stderr.hasPrefix("error: "), "\(register.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let login = try ClubhouseProcess(database: path).run(
            ["login", username, "--password-stdin"], stdin: Fixtures.password)
        #expect(login.status == 0, "login \(username): \(login.stderr)")
    }

    /// A database path is a literal path, escaped when an error names it, and one that is not
    /// UTF-8 is refused rather than changed into another path.
    @Test func hostileDatabasePaths() throws {
        let folder = try TemporaryFolder()
        let password = folder.path("password")
        try Data(Fixtures.password.utf8).write(to: URL(fileURLWithPath: password))
        let escaped = folder.path("x\u{1B}[2J\u{202E}/db.sqlite")
        for command in [["nav"], ["register", "ana", "--password-stdin"]] {
            let result = try RawRun.run(command, database: escaped, stdin: .file(password), in: folder)
            expectClean(result, "\(command) --database <escape>")
            expectNoRawControls(result, "\(command) --database <escape>")
            #expect(result.ending == .exited(1))
        }
        for bytes: [UInt8] in [[0xFF, 0xFE], [0x64, 0x62, 0xC3]] {
            let raw = Array(folder.url.path.utf8) + [UInt8(ascii: "/")] + bytes + Array(".sqlite".utf8)
            let result = try RawRun.run(
                ["register", "ana", "--password-stdin", "--database"].map { Array($0.utf8) } + [raw],
                stdin: .file(password), in: folder)
            expectClean(result, "register --database <not UTF-8>")
            expectNoRawControls(result, "register --database <not UTF-8>")
            #expect(result.ending == .exited(64), "a path that is not UTF-8 was used: \(result.stdoutText)")
            #expect(result.stderrText == "error: argument 5 is not valid UTF-8 text\n")
            let created = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
                .filter { $0.hasSuffix(".sqlite") || $0.hasSuffix("-journal") }
            #expect(created.isEmpty, "files created: \(created)")
        }
    }

    /// 100 MB of "password" from a pipe, written by a thread as the binary reads it (the test
    /// never holds it): refused with one line, nothing created, and read only up to a bound.
    @Test(arguments: ["register", "login"])
    func aHundredMegabytesOnStandardInputAreRefused(_ verb: String) throws {
        let folder = try TemporaryFolder()
        let path: String
        if verb == "register" {
            path = folder.path("new.sqlite")
        } else {
            path = try Fixtures.signedInDatabase(in: folder)
            try ClubhouseProcess(database: path).run(["logout"])
        }
        let before = try? Data(contentsOf: URL(fileURLWithPath: path))
        let total = 100 << 20
        let pipe = try ClosingPipe()
        let out = folder.path("out")
        let err = folder.path("err")
        let child = try Spawned.start(
            [verb, "ana", "--password-stdin", "--database", path].map { Array($0.utf8) }, stdin: .descriptor(pipe.read),
            stdout: .file(out), stderr: .file(err))
        close(pipe.read)
        let writer = StreamingWriter(fd: pipe.write, total: total)
        let ending = child.wait(atMost: 120)
        let taken = writer.finished()
        let result = RawRun(
            ending: ending ?? .signalled(SIGKILL), stdout: (try? Data(contentsOf: URL(fileURLWithPath: out))) ?? Data(),
            stderr: (try? Data(contentsOf: URL(fileURLWithPath: err))) ?? Data())
        expectClean(result, "\(verb) with 100 MB on stdin")
        #expect(result.ending == .exited(1), "\(excerpt(result.stderrText))")
        #expect(result.stderrLines.count == 1, "\(excerpt(result.stderrText))")
        let after = try? Data(contentsOf: URL(fileURLWithPath: path))
        #expect(after == before, "the file changed")
        #expect(
            taken < 16 << 20, "the whole 100 MB was read (\(taken) bytes): --password-stdin reads no bounded amount")
    }

    /// Standard input that cannot be read (closed, a folder) or is not UTF-8: a clean error.
    @Test func unreadableStandardInput() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("new.sqlite")
        let notUTF8 = folder.path("latin1")
        try Data([0x70, 0xE4, 0x73, 0x73, 0x77, 0xF6, 0x72, 0x64, 0x21, 0x21]).write(to: URL(fileURLWithPath: notUTF8))
        let inputs: [(String, Spawned.Descriptor)] = [
            ("closed", .closed), ("a folder", .open(folder.url.path, flags: O_RDONLY)), ("not UTF-8", .file(notUTF8)),
        ]
        for (name, input) in inputs {
            let result = try RawRun.run(
                ["register", "ana", "--password-stdin"], database: path, stdin: input, in: folder)
            expectClean(result, "register with stdin \(name)")
            #expect(result.ending == .exited(1), "stdin \(name)")
            #expect(!FileManager.default.fileExists(atPath: path), "stdin \(name) created the file")
        }
    }
}
