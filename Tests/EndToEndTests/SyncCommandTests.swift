import ClubhouseTestSupport
import Foundation
import Testing

/// The sync commands without a server: what they say before a remote is set, for bad input and
/// for a server nobody answers; nothing is stored by a command that fails. (With the real server:
/// SyncTests' DeviceSyncTests.)
@Suite(.heavy) struct SyncCommandTests {
    @Test func beforeARemoteIsSetEachCommandSaysWhatToDo() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        let show = try clubhouse.run(["remote", "show"])
        #expect(
            show.status == 0 && show.stdout == "No server set; set one with: clubhouse remote set URL --username NAME\n"
        )
        #expect(try clubhouse.run(["remote", "show", "--json"]).stdout == "null\n")
        let sync = try clubhouse.run(["sync"])
        #expect(sync.status == 1)
        #expect(
            sync.stderr == "error: no server to sync with; set one with: clubhouse remote set URL --username NAME\n")
        let unset = try clubhouse.run(["remote", "unset"])
        #expect(unset.status == 1 && unset.stderr == "error: no server is set; nothing to forget\n")
        let handoff = try clubhouse.run(["continue"])
        #expect(handoff.status == 1 && handoff.stderrLines.count == 1)
    }

    @Test func aBadAddressOrAServerNobodyAnswersStoresNothing() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        let before = try sqlite(path, ".dump")
        for (url, error) in [
            (
                "ftp://club.example.org",
                "error: 'ftp://club.example.org' is not a server address; give one such as https://club.example.org\n"
            ),
            (
                "club.example.org",
                "error: 'club.example.org' is not a server address; give one such as https://club.example.org\n"
            ),
            ("http://127.0.0.1:9", "error: could not reach http://127.0.0.1:9: connection refused\n"),
            // A port no socket has used to crash the process (exit 132) inside SwiftNIO.
            (
                "http://127.0.0.1:99999",
                "error: 'http://127.0.0.1:99999' is not a server address; give one such as https://club.example.org\n"
            ),
            (
                "http://" + String(repeating: "a", count: 10_000) + ":0",
                "error: 'http://" + String(repeating: "a", count: 73)
                    + "…' is not a server address; give one such as https://club.example.org\n"
            ),
            // Credentials never go in the address (it is stored and shown): refused, never echoed.
            (
                "http://ana:hunter2@127.0.0.1:1",
                "error: a server address cannot hold a username or password ('http://127.0.0.1:1'); "
                    + "give the username with --username and the password when asked\n"
            ),
            (
                " https://ana@club.example.org/x ",
                "error: a server address cannot hold a username or password ('https://club.example.org/x'); "
                    + "give the username with --username and the password when asked\n"
            ),
            (
                "ana:hunter2@club.example.org",
                "error: a server address cannot hold a username or password ('club.example.org'); "
                    + "give the username with --username and the password when asked\n"
            ),
        ] {
            let result = try clubhouse.run(
                ["remote", "set", url, "--username", "ana", "--password-stdin"], stdin: "s3cret-pass")
            #expect(result.status == 1, "\(url)")
            #expect(result.stderr == error, "\(url)")
        }
        // A device name the server would refuse is refused here, before any sign-in.
        let named = try clubhouse.run(
            [
                "remote", "set", "http://127.0.0.1:9", "--username", "ana", "--password-stdin", "--device-name",
                "d\u{1B}[31m",
            ],
            stdin: "s3cret-pass")
        #expect(named.status == 1)
        #expect(
            named.stderr
                == "error: the device name is refused: it must not contain control characters such as line breaks\n")
        #expect(try sqlite(path, ".dump") == before)
        // The file was never given a token: it keeps the mode it had.
        let signedOut = ClubhouseProcess(database: folder.path("new.sqlite"))
        let refused = try signedOut.run(
            ["remote", "set", "http://127.0.0.1:9", "--username", "ana", "--password-stdin"], stdin: "pw")
        #expect(refused.status == 1 && refused.stderr.hasPrefix("error: not signed in"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("new.sqlite")))
    }

    /// A server address changed in the file to one no socket can have: a clean error from every
    /// command that would reach it (it used to crash `sync`), and `remote unset` still forgets it.
    @Test func aTamperedServerAddressIsAnErrorNotACrash() throws {
        let folder = try TemporaryFolder()
        let clubhouse = try Self.file(storingAddress: "http://127.0.0.1:99999", in: folder)
        try Self.expectEveryCommandReachingTheServerFails(
            clubhouse,
            "error: 'http://127.0.0.1:99999' is not a server address; give one such as https://club.example.org\n")
        let unset = try clubhouse.run(["remote", "unset"])
        #expect(unset.status == 0 && unset.stdout == "No longer syncing.\n", "\(unset.stderr)")
    }

    /// A stored address holding credentials (a file changed by hand) is refused by every command
    /// that would use it, and no output ever shows the password.
    @Test func aStoredAddressWithCredentialsIsNeverShown() throws {
        let folder = try TemporaryFolder()
        let clubhouse = try Self.file(storingAddress: "http://ana:hunter2@127.0.0.1:9", in: folder)
        try Self.expectEveryCommandReachingTheServerFails(
            clubhouse,
            "error: a server address cannot hold a username or password ('http://127.0.0.1:9'); "
                + "give the username with --username and the password when asked\n")
        for command in [["remote", "show"], ["remote", "show", "--json"]] {
            let result = try clubhouse.run(command)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            #expect(result.stdout.contains("127.0.0.1:9"), "\(command)")
            #expect(!result.stdout.contains("hunter2") && !result.stdout.contains("ana:"), "\(command)")
        }
    }

    /// A signed-in file whose stored server address was changed by hand to `url`.
    static func file(storingAddress url: String, in folder: TemporaryFolder) throws -> ClubhouseProcess {
        let path = try Fixtures.signedInDatabase(in: folder)
        try sqlite(
            path,
            """
            INSERT INTO sync_remote (user_id, url, device_id, server_username, token)
            VALUES ((SELECT id FROM users), '\(url)', '3F2504E0-4F89-41D3-9A0C-0305E82C3301', 'ana', 't');
            """)
        return ClubhouseProcess(database: path)
    }

    /// `sync`, `sync --json` and `continue` each fail with exit status 1 and exactly `error`.
    static func expectEveryCommandReachingTheServerFails(_ clubhouse: ClubhouseProcess, _ error: String) throws {
        for command in [["sync"], ["sync", "--json"], ["continue"]] {
            let result = try clubhouse.run(command)
            #expect(result.status == 1, "\(command)")
            #expect(result.stderr == error, "\(command)")
        }
    }
}
