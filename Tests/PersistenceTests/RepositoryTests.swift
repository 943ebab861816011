import ClubhouseDomain
import ClubhousePersistence
import Foundation
import Testing

@Suite struct RepositoryTests {
    let database: AppDatabase

    init() throws {
        database = try AppDatabase.inMemory()
    }

    private func user(_ name: String) throws -> User {
        try database.write { try $0.users.insert(username: Username(name), passwordHash: "hash") }
    }

    @Test func usernamesAreUniqueWhateverTheirCase() throws {
        _ = try user("Ana")
        #expect(throws: ClubhouseError.usernameTaken("ANA")) { _ = try user("ANA") }
        let found = try database.read { try $0.users.credentials(forKey: "ana") }
        #expect(found?.user.username == "Ana")
        #expect(found?.passwordHash == "hash")
    }

    /// Issue 42, item 10: a name that looks like a registered one is refused by the file itself
    /// (the unique skeleton), even when nothing checked first (two processes registering at once).
    @Test func lookAlikeNamesAreRefusedByTheUniqueSkeleton() throws {
        _ = try user("pope")
        #expect(throws: ClubhouseError.usernameLookalike("роре")) { _ = try user("роре") }
        #expect(throws: ClubhouseError.usernameLookalike("ΑΝΑ")) {
            _ = try user("ana")
            _ = try user("ΑΝΑ")
        }
        #expect(try database.read { try $0.users.holdsSkeleton("pope") })
        #expect(try !database.read { try $0.users.holdsSkeleton("anna") })
    }

    @Test func atMostOneSessionIsActive() throws {
        let ana = try user("ana")
        #expect(try database.read { try $0.sessions.activeUser() } == nil)
        try database.write { try $0.sessions.start(for: ana.id) }
        #expect(try database.read { try $0.sessions.activeUser() } == ana)
        // Starting another ends the first (one left by a user deleted outside the app included).
        let bob = try user("bob")
        try database.write { try $0.sessions.start(for: bob.id) }
        #expect(try database.read { try $0.sessions.activeUser() } == bob)
        try database.write { try $0.sessions.endActive() }
        #expect(try database.read { try $0.sessions.activeUser() } == nil)
    }

    @Test func playersAreStoredVerbatimAndSeenOnlyByTheirOwner() throws {
        let ana = try user("ana")
        let bob = try user("bob")
        let draft = PlayerDraft(
            name: "Robert'); DROP TABLE players;-- Zoë 李小龍 🦁", age: 27, skill: .amateur, position: .striker,
            favouriteTeam: "\"; DELETE FROM users; --")
        let stored = try database.write { try $0.players.insert(draft, owner: ana.id) }
        #expect(stored.name == draft.name && stored.favouriteTeam == draft.favouriteTeam)
        #expect(try database.read { try $0.players.find(stored.id, owner: ana.id) } == stored)
        #expect(try database.read { try $0.players.all(owner: ana.id) } == [stored])
        #expect(try database.read { try $0.players.find(stored.id, owner: bob.id) } == nil)
        #expect(try database.read { try $0.players.all(owner: bob.id) }.isEmpty)
    }

    @Test func theSchemaRefusesPlayersThatBreakTheRules() throws {
        let ana = try user("ana")
        #expect(throws: (any Error).self) {
            try database.write { try $0.players.insert(PlayerDraft(name: "Old", age: 120), owner: ana.id) }
        }
        #expect(throws: (any Error).self) {
            try database.write { try $0.players.insert(PlayerDraft(name: ""), owner: ana.id) }
        }
        #expect(throws: (any Error).self) {
            try database.write { try $0.players.insert(PlayerDraft(name: "Ghost"), owner: 999) }
        }
    }

    @Test func navigationRoundTrips() throws {
        let ana = try user("ana")
        let state = NavigationState(
            selectedTab: .players, selectedPage: .results,
            stacks: [
                .players: [
                    ScreenState(path: "players"), ScreenState(path: "players/new", draft: FormDraft(["name": "Zoë"])),
                ]
            ],
            modal: ModalState(stack: [ScreenState(path: "books/new")]))
        try database.write { try $0.navigation.save(state, for: ana.id) }
        guard case .state(let loaded) = try database.read({ try $0.navigation.load(for: ana.id) }) else {
            Issue.record("not loaded")
            return
        }
        #expect(loaded.selectedTab == .players)
        #expect(loaded.stack(for: .players) == state.stack(for: .players))
        #expect(loaded.modal == state.modal)
        try database.write { try $0.navigation.save(.initial, for: ana.id) }
        #expect(try database.read { try $0.navigation.load(for: ana.id) } == .state(.initial))
        try database.write { _ = try $0.navigation.delete(for: ana.id, scene: .main) }
        #expect(try database.read { try $0.navigation.load(for: ana.id) } == StoredNavigation.none)
    }

    @Test func theJournalKeepsTheNewestEntriesOnly() throws {
        let ana = try user("ana")
        var state = NavigationState.initial
        for index in 1...12 {
            let before = state
            state.stacks[.players] = [ScreenState(path: "players"), ScreenState(path: "players/\(index)")]
            try database.write {
                try $0.journal.record(
                    NavigationChange(kind: .navigate, before: before, after: state), for: ana.id, keeping: 5)
            }
        }
        let entries = try database.read { try $0.journal.entries(for: ana.id, limit: 100) }
        #expect(entries.count == 5)
        #expect(entries.first?.to == "home/squad")  // the selected tab stayed home, on its first page
        #expect(entries.map(\.id) == entries.map(\.id).sorted(by: >))
        let undoable = try #require(try database.read { try $0.journal.lastUndoable(for: ana.id) })
        #expect(undoable.entry.id == entries[0].id)
        guard case .state(let before) = undoable.before else {
            Issue.record("the state before could not be read")
            return
        }
        #expect(before.stack(for: .players).last?.path == "players/11")
        try database.write { try $0.journal.markUndone(entries[0].id) }
        #expect(try database.read { try $0.journal.lastUndoable(for: ana.id) }?.entry.id == entries[1].id)
    }

    @Test func aPendingLinkIsKeptOnceAndCleared() throws {
        #expect(try database.read { try $0.pendingLinks.pending() } == nil)
        try database.write { try $0.pendingLinks.setPending("players/3") }
        try database.write { try $0.pendingLinks.setPending("library") }
        #expect(try database.read { try $0.pendingLinks.pending() } == "library")
        try database.write { try $0.pendingLinks.setPending(nil) }
        #expect(try database.read { try $0.pendingLinks.pending() } == nil)
    }
}
