import Domain
import Foundation
import Persistence
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

    @Test func atMostOneSessionIsActive() throws {
        let ana = try user("ana")
        #expect(try database.read { try $0.sessions.activeUser() } == nil)
        try database.write { try $0.sessions.start(for: ana.id) }
        #expect(try database.read { try $0.sessions.activeUser() } == ana)
        #expect(throws: (any Error).self) { try database.write { try $0.sessions.start(for: ana.id) } }
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
        let snapshot = NavigationSnapshot(
            selectedTab: .players, selectedPage: .results,
            stacks: [.home: ["home"], .players: ["players", "players/3"], .library: ["library"]])
        try database.write { try $0.navigation.save(snapshot, for: ana.id) }
        #expect(try database.read { try $0.navigation.load(for: ana.id) } == .snapshot(snapshot))
        try database.write { try $0.navigation.save(.initial, for: ana.id) }
        #expect(try database.read { try $0.navigation.load(for: ana.id) } == .snapshot(.initial))
        try database.write { try $0.navigation.delete(for: ana.id) }
        #expect(try database.read { try $0.navigation.load(for: ana.id) } == StoredNavigation.none)
    }
}
