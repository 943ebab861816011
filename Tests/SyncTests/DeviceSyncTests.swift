import Clubhouse
import ClubhouseServerTestSupport
import ClubhouseSync
import ClubhouseTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Devices (real SQLite files) syncing through the built clubhouse-server on PostgreSQL: through
/// the library (`ClubhouseSync`) and through the built `clubhouse`. (Moved from ServerTests: what
/// the server alone decides is tested there, devices with the server here.)
@Suite("Devices sync through the server", .heavy, .serialized)
struct DeviceSyncTests {
    /// A device of its own making (not the suite-wide `Device`, which copies a template file): a
    /// fresh database file with the local user ana registered and signed in.
    struct FreshDevice {
        let folder: TemporaryFolder
        let app: ClubhouseApp
        var path: String { folder.path("device.sqlite") }

        init() throws {
            folder = try TemporaryFolder()
            app = try ClubhouseApp(path: folder.path("device.sqlite"), hashingCost: .testing)
            try app.perform(Command(.register(username: "ana", password: "s3cret-pass", signingIn: true)))
        }

        func players() throws -> [Player] {
            try app.readPlayers(around: nil, count: 100).rows
        }
    }

    private func server() async throws -> (ServerProcess, String) {
        let database = try await PostgresCluster.shared().createDatabase()
        let server = try await ServerProcess.serving(database.url)
        return (server, "http://127.0.0.1:\(server.port)")
    }

    @Test func twoDevicesSyncAPlayerBothWays() async throws {
        let (server, url) = try await server()
        let laptop = try FreshDevice()
        let phone = try FreshDevice()
        try await laptop.app.setRemote(
            url: url, username: "ana", password: "correct horse", register: true, deviceName: "laptop")
        try await phone.app.setRemote(url: url, username: "ana", password: "correct horse", deviceName: "phone")
        // The file holds a token now: the owner's only.
        var info = stat()
        #expect(stat(laptop.path, &info) == 0 && info.st_mode & 0o777 == 0o600)

        try laptop.app.open("players/new")
        try laptop.app.submit([("name", "Zoë"), ("age", "27")])
        #expect(try laptop.app.remote()?.waiting == 1)
        let sent = try await laptop.app.sync()
        #expect(sent.pushed == 1 && sent.refused == 0 && sent.waiting == 0)
        // (That its own change coming back is not counted as pulled: SyncReportTests.)
        let received = try await phone.app.sync()
        #expect(received.pulled == 1)
        #expect(try phone.players().map(\.name) == ["Zoë"])

        // Back the other way: an edit on the phone reaches the laptop.
        let zoe = try #require(try phone.players().first)
        try phone.app.open("players/\(zoe.id)/edit/age")
        try phone.app.submit([("age", "28")])
        _ = try await phone.app.sync()
        _ = try await laptop.app.sync()
        #expect(try laptop.players().map(\.age) == [28])
        // Nothing the sync applied was queued again.
        #expect(try laptop.app.remote()?.waiting == 0)
        #expect(try phone.app.remote()?.waiting == 0)
        #expect(try ClubhouseApp.check(try .init(path: laptop.path)).problems.isEmpty)
        withExtendedLifetime(server) {}
    }

    @Test func continueTakesTheOtherDevicesScreensAndDraftsCutWhereARecordIsMissing() async throws {
        let (server, url) = try await server()
        let laptop = try FreshDevice()
        let phone = try FreshDevice()
        try await laptop.app.setRemote(url: url, username: "ana", password: "correct horse", register: true)
        try await phone.app.setRemote(url: url, username: "ana", password: "correct horse")
        // The phone has a player of its own first, so the same player has other ids on each.
        try phone.app.open("players/new")
        try phone.app.submit([("name", "Lu")])
        _ = try await phone.app.sync()
        try laptop.app.open("players/new")
        try laptop.app.submit([("name", "Zoë")])
        let zoe = try #require(try laptop.players().first { $0.name == "Zoë" })
        try laptop.app.open("players/\(zoe.id)/edit/name")
        try laptop.app.perform(Command(.fill([("name", "Zoë O'Brien")])))
        _ = try await laptop.app.sync()

        // Before the phone syncs it lacks Zoë: the players stack is cut there.
        let early = try await phone.app.continueFromOtherDevice()
        #expect(early.warnings == ["the players tab: cut at a player this device does not have"])
        #expect(try phone.app.state()?.stack(for: .players).map(\.path) == ["players"])

        _ = try await phone.app.sync()
        let report = try await phone.app.continueFromOtherDevice()
        #expect(report.warnings.isEmpty)
        let local = try #require(try phone.players().first { $0.name == "Zoë" })
        #expect(local.id != zoe.id)
        let state = try #require(try phone.app.state())
        #expect(state.selectedTab == .players)
        #expect(
            state.stack(for: .players) == [
                // The laptop's list selects Zoë, added last: the selection travels with the key.
                ScreenState(path: "players", selected: "\(local.id)"), ScreenState(path: "players/\(local.id)"),
                ScreenState(path: "players/\(local.id)/edit/name", draft: FormDraft(["name": "Zoë O'Brien"])),
            ])
        // Journaled as any navigation: undo goes back to where the phone was.
        try phone.app.undo()
        #expect(try phone.app.state()?.currentScreen.path == "players")
        // No other device for a scene nobody used there.
        await #expect(throws: SyncError.noHandoff(scene: "work")) {
            try await phone.app.continueFromOtherDevice(scene: try SceneName("work"))
        }
        withExtendedLifetime(server) {}
    }

    @Test func offlineSyncSaysWhyLosesNothingAndALaterSyncSucceeds() async throws {
        let (server, url) = try await server()
        let device = try FreshDevice()
        try await device.app.setRemote(url: url, username: "ana", password: "correct horse", register: true)
        try device.app.open("players/new")
        try device.app.submit([("name", "Kai")])
        let clubhouse = CLIProcess.binary
        // A server nobody answers on (the port is closed): one line, exit 1, nothing lost.
        try sqlite(device.path, "UPDATE sync_remote SET url = 'http://127.0.0.1:9'")
        let offline = try run(clubhouse, ["sync", "--database", device.path])
        #expect(offline.status == 1)
        #expect(
            offline.stderr
                == "error: could not sync with http://127.0.0.1:9: connection refused; nothing was lost, 1 change waits to be sent\n"
        )
        #expect(try sqlite(device.path, "SELECT count(*) FROM sync_outbox") == "1")
        // Every other command works as before.
        #expect(try run(clubhouse, ["player", "list", "--database", device.path]).status == 0)

        try sqlite(device.path, "UPDATE sync_remote SET url = '\(url)'")
        let online = try run(clubhouse, ["sync", "--json", "--database", device.path])
        #expect(online.status == 0, "\(online.stderr)")
        #expect(online.stdout.contains(#""pushed":1"#))
        #expect(try sqlite(device.path, "SELECT count(*) FROM sync_outbox") == "0")

        // The token never shows: not in remote show, its JSON, or an error.
        let token = try sqlite(device.path, "SELECT token FROM sync_remote")
        for arguments in [["remote", "show"], ["remote", "show", "--json"], ["check"], ["sync"]] {
            let result = try run(clubhouse, arguments + ["--database", device.path])
            #expect(!result.stdout.contains(token) && !result.stderr.contains(token), "\(arguments)")
        }
        // Revoked on the server: one line saying what to do.
        let revoked = try await server.call(.delete, "/v1/sessions/current", token: token)
        #expect(revoked.status.code < 300)
        let signedOut = try run(clubhouse, ["sync", "--database", device.path])
        #expect(signedOut.status == 1)
        #expect(
            signedOut.stderr
                == "error: \(url) no longer accepts this device's sign-in (expired or revoked); run clubhouse remote set again\n"
        )
    }

    private func run(_ binary: String, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["CLUBHOUSE_DB"] = nil
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let stdout = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stdout, stderr)
    }
}
