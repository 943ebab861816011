import ClubhouseSync
import ClubhouseTestSupport
import Foundation
import Testing

/// Issue 29, case 2 on the device: six wrong passwords from anyone used to make `remote set` fail
/// on every device of the account, for as long as someone kept guessing. A device keeps the
/// server's device cookie beside its token and sends it with its next sign-in.
@Suite("A device that signed in before", .heavy)
struct SignedInBeforeTests {
    static let guess = #"{"username":"cookie-owner","password":"wrong password"}"#

    @Test func guessesAtTheAccountNeverLockOutADeviceThatSignedInBefore() async throws {
        let server = try await TestSyncServer.start { $0.firstSignInWait = .seconds(60) }
        let phone = try await Device.make("phone", username: "cookie-owner", server: server, register: true)
        let cookie = try sqlite(phone.path, "SELECT device_cookie FROM sync_remote")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(cookie.utf8.count == 43)
        for _ in 0..<8 { _ = try await server.call(.post, "/v1/sessions", json: Self.guess) }
        // A device that never signed in waits, as anyone without a cookie does...
        let laptop = try await Device.signedIn("laptop", username: "cookie-owner")
        await #expect(throws: SyncError.tooManyAttempts) {
            try await laptop.app.setRemote(
                url: server.url, username: "cookie-owner", password: TestSyncServer.password, deviceName: "laptop")
        }
        #expect(try laptop.app.remote() == nil)
        // ...while the phone signs in again (say its token expired) and syncs.
        _ = try phone.app.addPlayer("Kai")
        try await phone.app.setRemote(
            url: server.url, username: "cookie-owner", password: TestSyncServer.password, deviceName: "phone")
        #expect(try await phone.sync().pushed == 1)
        // The same cookie, kept in the file and never in what is shown of the remote.
        #expect(
            try sqlite(phone.path, "SELECT device_cookie FROM sync_remote")
                .trimmingCharacters(in: .whitespacesAndNewlines) == cookie)
        let settings = try #require(try phone.app.remote())
        #expect(!String(reflecting: settings).contains(cookie))
    }

    /// A file whose cookie is not of the shape servers give (tampered with) signs in as a device
    /// without one, and keeps the new cookie the server answers.
    @Test func aTamperedCookieIsNotSent() async throws {
        let server = try await TestSyncServer.start()
        let phone = try await Device.make("phone", username: "cookie-tampered", server: server, register: true)
        _ = try sqlite(phone.path, "UPDATE sync_remote SET device_cookie = 'not a cookie'")
        try await phone.app.setRemote(
            url: server.url, username: "cookie-tampered", password: TestSyncServer.password, deviceName: "phone")
        let kept = try sqlite(phone.path, "SELECT device_cookie FROM sync_remote")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(kept.utf8.count == 43)
    }
}
