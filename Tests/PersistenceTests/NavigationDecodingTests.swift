import ClubhouseDomain
import Foundation
import GRDB
import Testing

@testable import ClubhousePersistence

@Suite struct NavigationDecodingTests {
    private func decode(
        version: DatabaseValue = 2.databaseValue, rootFlow: DatabaseValue = "main".databaseValue,
        tab: DatabaseValue = "players".databaseValue, page: DatabaseValue = "squad".databaseValue,
        stacks: DatabaseValue = #"{"players":[{"path":"players"},{"path":"players/new","draft":{"name":"Zoë"}}]}"#
            .databaseValue,
        modal: DatabaseValue = .null, keptDrafts: DatabaseValue = .null, pageStacks: DatabaseValue = .null
    ) -> StoredNavigation {
        NavigationCoding.decode(
            .init(
                version: version, rootFlow: rootFlow, tab: tab, page: page, stacks: stacks, modal: modal,
                keptDrafts: keptDrafts, pageStacks: pageStacks))
    }

    /// The home pages not on show keep their stacks in a column of their own (schema 10); NULL or
    /// a row of an older schema: every one at its root.
    @Test func decodesThePagesNotOnShow() throws {
        let stored = #"{"results":[{"path":"home","selected":"2"},{"path":"gathers/2"}]}"#
        let state = try #require(decode(pageStacks: stored.databaseValue).state)
        #expect(
            state.stack(on: .results) == [ScreenState(path: "home", selected: "2"), ScreenState(path: "gathers/2")])
        #expect(state.stack(on: .reading) == [ScreenState(path: "home")])
        #expect(state.stack(on: .squad) == state.stack(for: .home))
        #expect(try NavigationCoding.encode(state).pageStacks == stored)
        #expect(decode().state?.pageStacks == [:])
        #expect(try NavigationCoding.encode(NavigationState.initial).pageStacks == nil)
    }

    /// A tampered page_stacks column costs only itself, one problem each; the rest of the row stays.
    @Test func aTamperedPageStackIsLeftOutWithAProblem() throws {
        let bad =
            #"{"reading":7,"squad":[{"path":"home"}],"nowhere":[],"results":[{"path":"home"},5,{"path":"gathers/1"}]}"#
        guard case .repaired(let state, let problems) = decode(pageStacks: bad.databaseValue) else {
            Issue.record("not repaired")
            return
        }
        #expect(
            problems == [
                "the home pages' stacks name an unknown page; its screens were left out",
                "the reading page's stack is not a list; the page starts at home again",
                "screen 2 of the results page of the home tab could not be read (it is not a JSON object); it was cut with the 1 above it",
                "the home pages' stacks hold one for squad, the page on show, whose stack is the home tab's; it was left out",
            ])
        #expect(state.pageStacks == [:])
        #expect(state.stack(for: .players).count == 2)
        guard case .repaired(_, let unreadable) = decode(pageStacks: "[".databaseValue) else {
            Issue.record("not repaired")
            return
        }
        #expect(unreadable == ["the home pages' stacks could not be read; the pages not on show start at home"])
        #expect(decode(pageStacks: "null".databaseValue).state?.pageStacks == [:])
    }

    @Test func decodesAWellFormedRowWithItsDraft() {
        let expected = NavigationState(
            selectedTab: .players, selectedPage: .squad,
            stacks: [
                .players: [
                    ScreenState(path: "players"), ScreenState(path: "players/new", draft: FormDraft(["name": "Zoë"])),
                ]
            ])
        #expect(decode() == .state(expected))
    }

    @Test func decodesAVersion1RowAsTheSameStateInTodaysShape() {
        let stored = decode(version: 1.databaseValue, stacks: #"{"players":["players","players/1"]}"#.databaseValue)
        #expect(
            stored
                == .state(
                    .upgrading(
                        version1: [.players: ["players", "players/1"]], selectedTab: .players, selectedPage: .squad)
                ))
    }

    @Test func decodesAModal() {
        let stored = decode(modal: #"{"stack":[{"path":"books/new","draft":{"title":"Dune"}}]}"#.databaseValue)
        guard case .state(let state) = stored else {
            Issue.record("not decoded: \(stored)")
            return
        }
        #expect(state.modal == ModalState(stack: [ScreenState(path: "books/new", draft: FormDraft(["title": "Dune"]))]))
    }

    /// JSON null, as SQL NULL, is "no modal", not an unreadable row.
    @Test func aJSONNullModalIsNoModal() {
        for modal: DatabaseValue in [
            .null, "null".databaseValue, " null ".databaseValue, #"{"stack":[]}"#.databaseValue,
        ] {
            guard case .state(let state) = decode(modal: modal) else {
                Issue.record("\(modal) did not decode")
                continue
            }
            #expect(state.modal == nil)
        }
    }

    @Test func decodesKeptDraftsAndReadsNullAsNone() {
        guard
            case .state(let kept) = decode(keptDrafts: #"[{"path":"players/new","draft":{"age":"30"}}]"#.databaseValue)
        else {
            Issue.record("kept drafts not decoded")
            return
        }
        #expect(kept.keptDrafts == [ScreenState(path: "players/new", draft: FormDraft(["age": "30"]))])
        for none: DatabaseValue in [.null, "null".databaseValue, "[]".databaseValue] {
            guard case .state(let state) = decode(keptDrafts: none) else {
                Issue.record("\(none) did not decode")
                continue
            }
            #expect(state.keptDrafts.isEmpty)
        }
    }

    /// The journal's documents carry kept drafts only when there are some, so a document written
    /// before schema 6 and one without kept drafts read the same.
    @Test func aJournalDocumentRoundTripsItsKeptDrafts() throws {
        var state = NavigationState.initial
        #expect(!(try NavigationCoding.document(state)).contains("keptDrafts"))
        state.keptDrafts = [ScreenState(path: "players/new", draft: FormDraft(["name": "Lu"]))]
        #expect(NavigationCoding.decodeDocument(try NavigationCoding.document(state)) == .state(state))
    }

    /// Only a row with nothing to read starts from the initial state.
    @Test func aRowWithNothingToReadIsUnreadable() {
        #expect(decode(version: 3.databaseValue) == .unreadable(reason: "unknown version 3"))
        #expect(decode(version: .null) == .unreadable(reason: "the version is not a number"))
        #expect(decode(version: "two".databaseValue) == .unreadable(reason: "the version is not a number"))
        #expect(decode(rootFlow: "login".databaseValue) == .unreadable(reason: "unknown root flow"))
        #expect(
            decode(version: 1.databaseValue)
                == .unreadable(reason: "the version 1 state is not a tab, a page and lists of screens"))
    }

    /// Stacks with nothing to read start every tab at its root; the rest of the row stays.
    @Test func unreadableStacksStartEveryTabAtItsRootAndKeepTheRest() {
        let kept = #"[{"path":"players/new","draft":{"age":"30"}}]"#.databaseValue
        for stacks: DatabaseValue in [
            "{not json".databaseValue, #"["players"]"#.databaseValue, Data([0xFF, 0xFE]).databaseValue, .null,
        ] {
            let expected = NavigationState(
                selectedTab: .players, selectedPage: .results, stacks: [:],
                keptDrafts: [ScreenState(path: "players/new", draft: FormDraft(["age": "30"]))])
            #expect(
                decode(page: "results".databaseValue, stacks: stacks, keptDrafts: kept)
                    == .repaired(
                        expected,
                        problems: ["the stacks are not a JSON object of screen lists; every tab starts at its root"]),
                "\(stacks)")
        }
    }

    /// One tampered part costs only itself; each is one problem line.
    @Test func aRowWithABadPartKeepsEveryOtherPart() {
        let zoe = ScreenState(path: "players/new", draft: FormDraft(["name": "Zoë"]))
        func repaired(_ stored: StoredNavigation) -> (NavigationState, [String])? {
            guard case .repaired(let state, let problems) = stored else {
                Issue.record("not repaired: \(stored)")
                return nil
            }
            return (state, problems)
        }
        if let (state, problems) = repaired(decode(tab: "settings".databaseValue, page: .null)) {
            #expect(state.selectedTab == .home && state.selectedPage == .squad)
            #expect(state.stack(for: .players) == [ScreenState(path: "players"), zoe])
            #expect(
                problems == [
                    "the selected tab 'settings' is unknown; home is selected",
                    "the selected page (not text) is unknown; the home tab shows squad",
                ])
        }
        let stacks =
            #"{"players":[{"path":"players"},{"path":"players/2"},{"path":5},{"path":"players/2/edit/age"}],"#
            + #""library":"library","settings":[],"questions":[{"path":"questions"},"questions/1"],"#
            + #""home":[{"path":"home","draft":"str"}],"profile":[{"path":"profile"},{"path":"gathers","draft":{"a":"1","b":2}}]}"#
        if let (state, problems) = repaired(decode(stacks: stacks.databaseValue)) {
            #expect(state.stack(for: .players).map(\.path) == ["players", "players/2"])
            #expect(state.stack(for: .library).map(\.path) == ["library"])
            #expect(state.stack(for: .questions).map(\.path) == ["questions"])
            #expect(state.stack(for: .home) == [ScreenState(path: "home")])
            #expect(
                state.stack(for: .profile) == [
                    ScreenState(path: "profile"), ScreenState(path: "gathers", draft: FormDraft(["a": "1"])),
                ])
            #expect(
                problems == [
                    "the draft of home is not a JSON object; it was dropped",
                    "the library tab's stack is not a list; the tab starts at library again",
                    "screen 3 of the players tab could not be read (its path is not text); it was cut with the 1 above it",
                    "the draft of gathers had fields that are not text (b); they were dropped",
                    "screen 2 of the questions tab could not be read (it is not a JSON object); it was cut",
                    "the stacks name an unknown tab 'settings'; its screens were left out",
                ])
        }
        if let (state, problems) = repaired(decode(modal: "{}".databaseValue)) {
            #expect(state.modal == nil && state.stack(for: .players).last == zoe)
            #expect(problems == ["the modal flow could not be read; it was closed"])
        }
        if let (state, problems) = repaired(
            decode(keptDrafts: #"[{"path":"players/3/edit/age","draft":{"age":"30"}},7]"#.databaseValue))
        {
            #expect(state.keptDrafts == [ScreenState(path: "players/3/edit/age", draft: FormDraft(["age": "30"]))])
            #expect(problems == ["a kept draft could not be read (it is not a JSON object); it was dropped"])
        }
        for bad: DatabaseValue in ["{}".databaseValue, Data([0xFF]).databaseValue] {
            if let (_, problems) = repaired(decode(keptDrafts: bad)) {
                #expect(problems == ["the kept drafts could not be read; they were dropped"])
            }
        }
    }

    @Test func encodesEveryTabByStableNamesInAStableOrder() throws {
        var state = NavigationState.initial
        state.stacks[.players] = [ScreenState(path: "players"), ScreenState(path: "players/3")]
        let columns = try NavigationCoding.encode(state)
        #expect(
            columns.stacks
                == #"{"home":[{"path":"home"}],"library":[{"path":"library"}],"players":[{"path":"players"},{"path":"players/3"}],"profile":[{"path":"profile"}],"questions":[{"path":"questions"}]}"#
        )
        #expect(columns.modal == nil)
    }

    /// Random and hostile stacks and modals: the decoder answers, whatever the bytes.
    @Test func randomAndHostileInputNeverCrashesTheDecoder() {
        var generator = SplitMix(seed: 0xC1AB)
        let pieces = [
            "{", "}", "[", "]", ",", ":", "\"", "path", "draft", "stack", "players", "players/1", "\\u0000", "\\ud800",
            "null", "1e999", "-1", "true", " ", "\u{1B}[2J", "\u{202E}", "é", "\"path\":", "{\"path\":\"x\"}",
        ]
        for _ in 0..<2_000 {
            let length = Int(generator.next() % 24)
            let text = (0..<length).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let result = decode(
                stacks: text.databaseValue, modal: (generator.next() % 2 == 0 ? text : "null").databaseValue)
            switch result {
            case .state, .repaired, .unreadable: break
            case .none: Issue.record("a row decoded as no row")
            }
            // The same text as the modal over sound stacks: the stacks always survive it.
            switch decode(modal: text.databaseValue) {
            case .state(let state), .repaired(let state, _):
                #expect(state.stack(for: .players).map(\.path) == ["players", "players/new"], "\(text)")
            case .unreadable, .none: Issue.record("sound stacks lost to the modal \(text)")
            }
        }
        // Deep nesting and a huge document.
        _ = decode(stacks: String(repeating: "[", count: 100_000).databaseValue)
        _ = decode(
            stacks: ("{\"players\":[" + String(repeating: "{\"path\":\"players\"},", count: 50_000)
                + "{\"path\":\"players\"}]}").databaseValue)
    }
}

/// A small deterministic generator, so a failure can be replayed.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
