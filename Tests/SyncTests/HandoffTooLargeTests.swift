import Clubhouse
import ClubhouseSyncWire
import ClubhouseTestSupport
import Foundation
import Testing

@testable import ClubhouseSync

/// Issue 42, item 6: drafts the app allows can make a scene's handoff larger than the server
/// takes (64 KiB): a field is kept as typed up to its own length (a name's 100) or, where its rule
/// bounds no length of text (a number, a date, an ISBN), up to 10 000 characters. The sync never
/// fails for it: the scene is shared without the drafts of forms not on show, then without any,
/// else not at all, told once. Typing bounds one form's draft well under the limit, so the state
/// cut to the bone (the form on show over the limit alone) is `theCutsComeInOrder`'s.
@Suite("Handoff too large", .heavy, .serialized)
struct HandoffTooLargeTests {
    /// Types every field of the form on show as long as typing lets it be: as the app types (a
    /// field kept as typed), not as a command line sets a field (checked at once).
    static func typeEveryFieldInFull(_ app: ClubhouseApp) throws -> FormDraft {
        guard case .main(_, _, .form(let form)) = try app.look().view else {
            Issue.record("no form on show")
            return FormDraft()
        }
        let fields = form.fields.map {
            ($0.name, String(repeating: "x", count: $0.maxLength ?? FormDraft.longestField))
        }
        try app.perform(Command(.typing(fields)))
        return FormDraft(Dictionary(uniqueKeysWithValues: fields))
    }

    @Test func aSceneOverTheLimitIsCutToFitAndTheSyncGoesOn() async throws {
        let server = try await TestSyncServer.start()
        let laptop = try await Device.make("laptop", username: "paste", server: server, register: true)
        let phone = try await Device.make("phone", username: "paste", server: server)
        try laptop.app.addPlayer("Kai")
        // The player form (its four fields without a length: 40 000 characters), then the book
        // form on show (its three: 30 000, and its texts).
        try laptop.app.open("players/new")
        _ = try Self.typeEveryFieldInFull(laptop.app)
        try laptop.app.open("books/new")
        let typed = try Self.typeEveryFieldInFull(laptop.app)

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
        #expect(state.currentScreen.draft == typed)
        let players = try #require(state.stacks[.players]?.last)
        #expect(players.path == "players/new")
        #expect(players.draft?.isEmpty ?? true, "the draft not on show was left out")

        // Once it fits again, the handoff is whole and nothing is told.
        try laptop.app.back()
        try phone.app.back()  // the book form the phone continued in
        try phone.app.addPlayer("Ola")
        _ = try await phone.sync()
        let second = try await laptop.sync()
        #expect(second.pulled == 1)
        #expect(try laptop.player("Ola") != nil)
        #expect(second.notices == [], "\(second.notices)")
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
