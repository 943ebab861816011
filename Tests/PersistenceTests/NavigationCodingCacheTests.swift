import ClubhouseDomain
import Foundation
import GRDB
import Testing

@testable import ClubhousePersistence

/// A long-lived app encodes each state once: the journal's document is put together from the
/// columns' JSON, and a row this connection wrote is read back without decoding. Neither may
/// change a byte of what is stored or let another process's state pass for ours.
@Suite struct NavigationCodingCacheTests {
    static let states: [NavigationState] = {
        var withEverything = NavigationState.initial
        withEverything.selectedTab = .players
        withEverything.selectedPage = .results
        withEverything.stacks[.players] = [
            ScreenState(path: "players"), ScreenState(path: "players/3"),
            ScreenState(path: "players/3/edit/name", draft: FormDraft(["name": "Zoë \"Z\" O'Brien / \\ \u{1}"])),
        ]
        withEverything.modal = ModalState(stack: [ScreenState(path: "books/new", draft: FormDraft(["title": "Dune"]))])
        withEverything.keptDrafts = [ScreenState(path: "players/new", draft: FormDraft(["age": "31"]))]
        withEverything.pageStacks = [
            .squad: [ScreenState(path: "home", selected: "3"), ScreenState(path: "players/3")],
            .reading: [ScreenState(path: "home"), ScreenState(path: "books/9780441013593")],
        ]
        var modalOnly = NavigationState.initial
        modalOnly.modal = ModalState(stack: [ScreenState(path: "questions/new")])
        return [.initial, withEverything, modalOnly]
    }()

    @Test(arguments: states)
    func theAssembledDocumentIsJSONEncodersByteForByte(_ state: NavigationState) throws {
        let document = NavigationCoding.Document(
            version: NavigationState.currentVersion, tab: state.selectedTab.rawValue,
            page: state.selectedPage.rawValue,
            stacks: Dictionary(uniqueKeysWithValues: Tab.allCases.map { ($0.rawValue, state.stack(for: $0)) }),
            modal: state.modal, keptDrafts: state.keptDrafts.isEmpty ? nil : state.keptDrafts,
            pageStacks: state.pageStacks.isEmpty
                ? nil : Dictionary(uniqueKeysWithValues: state.pageStacks.map { ($0.key.rawValue, $0.value) }))
        #expect(try NavigationCoding.document(state) == NavigationCoding.json(document))
        #expect(NavigationCoding.decodeDocument(try NavigationCoding.document(state)) == .state(state))
    }

    @Test(arguments: states)
    func aRowReadsTheSameFromTheCacheAsDecoded(_ state: NavigationState) throws {
        let database = try AppDatabase.inMemory()
        let user = try database.write { try $0.users.insert(username: Username("ana"), passwordHash: "x") }
        let cache = NavigationCodingCache()
        let encoded = try NavigationCoding.encode(state, cache: cache)
        #expect(cache.encoded(state)?.stacks == encoded.stacks)
        try database.write { try $0.navigation.save(state, for: user.id) }
        try database.read { repositories in
            let db = (repositories as! DatabaseRepositories).db
            let cached = try NavigationStore(db: db, cache: cache).load(for: user.id)
            let decoded = try NavigationStore(db: db).load(for: user.id)
            #expect(cached == decoded)
            #expect(cached == .state(state))
        }
    }

    @Test func aRowSomeoneElseWroteIsDecodedNotTakenFromTheCache() throws {
        let cache = NavigationCodingCache()
        let ours = Self.states[1]
        let encoded = try NavigationCoding.encode(ours, cache: cache)
        // The same state spelled with a space more: decoded, never matched by meaning.
        let columns = NavigationCoding.Columns(
            version: 2.databaseValue, rootFlow: "main".databaseValue, tab: encoded.tab.databaseValue,
            page: encoded.page.databaseValue, stacks: (encoded.stacks + " ").databaseValue,
            modal: encoded.modal.databaseValue, keptDrafts: encoded.keptDrafts.databaseValue,
            pageStacks: encoded.pageStacks.databaseValue)
        #expect(NavigationCoding.cached(columns, in: cache) == nil)
        var other = ours
        other.selectedTab = .library
        let theirs = NavigationCoding.Columns(
            version: 2.databaseValue, rootFlow: "main".databaseValue, tab: "library".databaseValue,
            page: encoded.page.databaseValue, stacks: encoded.stacks.databaseValue,
            modal: encoded.modal.databaseValue, keptDrafts: encoded.keptDrafts.databaseValue,
            pageStacks: encoded.pageStacks.databaseValue)
        #expect(NavigationCoding.cached(theirs, in: cache) == nil)
        #expect(NavigationCoding.decode(theirs) == .state(other))
        let exact = NavigationCoding.Columns(
            version: 2.databaseValue, rootFlow: "main".databaseValue, tab: encoded.tab.databaseValue,
            page: encoded.page.databaseValue, stacks: encoded.stacks.databaseValue,
            modal: encoded.modal.databaseValue, keptDrafts: encoded.keptDrafts.databaseValue,
            pageStacks: encoded.pageStacks.databaseValue)
        #expect(NavigationCoding.cached(exact, in: cache) == ours)
    }
}
