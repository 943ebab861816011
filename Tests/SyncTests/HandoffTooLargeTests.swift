import Clubhouse
import ClubhouseSyncWire
import ClubhouseTestSupport
import Foundation
import Testing

@testable import ClubhouseSync

/// Issue 42, item 6: drafts the app allows (10 000 characters a field) can make a scene's handoff
/// larger than the server takes (64 KiB). The sync never fails for it: the scene is shared
/// without the drafts of forms not on show, then without any, else not at all, told once.
@Suite("Handoff too large", .heavy, .serialized)
struct HandoffTooLargeTests {
    static let long = String(repeating: "x", count: 9_000)

    @Test func aSceneOverTheLimitIsCutToFitAndTheSyncGoesOn() async throws {
        let server = try await TestSyncServer.start()
        let laptop = try await Device.make("laptop", username: "paste", server: server, register: true)
        let phone = try await Device.make("phone", username: "paste", server: server)
        try laptop.app.addPlayer("Kai")
        // Six fields of the player form (54 000 bytes), then four of the book form on show.
        try laptop.app.open("players/new")
        // As the app types (a field kept as typed, up to 10 000 characters), not as a command
        // line sets a field (checked at once).
        try laptop.app.perform(
            Command(
                .typing(["name", "age", "skill", "position", "favourite-team", "shirt-number"].map { ($0, Self.long) }))
        )
        try laptop.app.open("books/new")
        try laptop.app.perform(
            Command(.typing(["title", "author", "publisher", "description"].map { ($0, Self.long) })))

        let first = try await laptop.sync()
        #expect(first.pushed == 1)
        #expect(first.notices.map(\.code) == ["handoff_cut"], "\(first.notices)")
        // Told once while it lasts.
        #expect(try await laptop.sync().notices == [])

        _ = try await phone.sync()
        #expect(try phone.player("Kai") != nil)
        _ = try await phone.app.continueFromOtherDevice(scene: .main)
        let state = try #require(try phone.app.state())
        #expect(state.currentScreen.path == "books/new")
        #expect(state.currentScreen.draft?["title"] == Self.long)
        let players = try #require(state.stacks[.players]?.last)
        #expect(players.path == "players/new")
        #expect(players.draft?.isEmpty ?? true, "the draft not on show was left out")

        // The form on show alone over the limit: shared without any draft; the same cut is not
        // told again, and the sync still goes on.
        let longest = String(repeating: "y", count: FormDraft.longestField)
        try laptop.app.perform(
            Command(
                .typing(
                    ["isbn", "title", "author", "publisher", "description", "price", "published"].map {
                        ($0, longest)
                    })))
        try phone.app.back()  // the book form the phone continued in
        try phone.app.addPlayer("Ola")
        _ = try await phone.sync()
        let second = try await laptop.sync()
        #expect(second.pulled == 1)
        #expect(try laptop.player("Ola") != nil)
        #expect(second.notices == [], "\(second.notices)")
        _ = try await phone.sync()
        _ = try await phone.app.continueFromOtherDevice(scene: .main)
        let without = try #require(try phone.app.state())
        #expect(without.currentScreen.path == "books/new")
        #expect(without.currentScreen.draft?.isEmpty ?? true)
    }

    /// The order of the cuts, on a state small enough to read: drafts not on show go first, then
    /// the one on show; a state too large without any is left out.
    @Test func theCutsComeInOrder() throws {
        func screen(_ path: String, _ text: String?) -> SyncValue {
            .object([
                "path": .string(path), "draft": text.map { .object(["name": .string($0)]) } ?? .null,
                "selected": .null, "query": .null,
            ])
        }
        let shown = String(repeating: "s", count: 300)
        let other = String(repeating: "o", count: 300)
        let state = SyncValue.object([
            "tab": .string("players"), "page": .string("squad"),
            "stacks": .object([
                "players": .array([screen("players", nil), screen("players/new", shown)]),
                "home": .array([screen("home", nil)]),
                "library": .array([screen("library", nil), screen("books/new", other)]),
            ]),
            "modal": .null,
        ])
        let whole = try HandoffFit.size(state)
        #expect(try HandoffFit.fitted(state, limit: whole) == .whole(state))
        guard case .withoutDrafts(let cut) = try HandoffFit.fitted(state, limit: whole - 1) else {
            Issue.record("not cut")
            return
        }
        let stacks = cut.objectValue?["stacks"]?.objectValue
        #expect(stacks?["players"]?.arrayValue?.last == screen("players/new", shown))
        #expect(stacks?["library"]?.arrayValue?.last == screen("books/new", nil))
        guard case .withoutDrafts(let bare) = try HandoffFit.fitted(state, limit: whole - 400) else {
            Issue.record("not cut to the bone")
            return
        }
        #expect(bare.objectValue?["stacks"]?.objectValue?["players"]?.arrayValue?.last == screen("players/new", nil))
        #expect(try HandoffFit.fitted(state, limit: 50) == .leftOut)
        #expect(HandoffFit.notice(.leftOut, scene: "main", path: "/nowhere")?.code == "handoff_left_out")
        #expect(HandoffFit.notice(.leftOut, scene: "main", path: "/nowhere") == nil, "told once")
        #expect(HandoffFit.notice(.whole(state), scene: "main", path: "/nowhere") == nil)
        #expect(HandoffFit.notice(.leftOut, scene: "main", path: "/nowhere") != nil, "told again after it fitted")
    }
}
