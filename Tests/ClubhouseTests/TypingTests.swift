import Clubhouse
import Foundation
import Testing

/// A full-screen front end saves each keystroke: text as it stands, valid or not, and the field
/// the cursor is in, each in its own transaction, so that a new app on the same file (a restart
/// after kill -9) finds both. The form checks everything when it is submitted.
@Suite struct TypingTests {
    private func signedIn(_ file: TemporaryFile) throws -> ClubhouseApp {
        try registered(in: file)
    }

    private func screen(_ outcome: Outcome) -> ScreenState? {
        guard case .main(_, let state, _) = outcome.view else { return nil }
        return state.currentScreen
    }

    private func draft(_ outcome: Outcome) -> FormDraft? {
        guard case .main(_, _, .form(let form)) = outcome.view else { return nil }
        return form.draft
    }

    @Test func textAFieldRefusesAsItStandsIsSavedAndCheckedOnSubmit() throws {
        let file = try TemporaryFile()
        let app = try signedIn(file)
        try app.open("players/new")
        try app.perform(Command(.typing([("name", "Zoë")])))
        try app.perform(Command(.typing([("age", "1")])))

        // Another app on the file, as after kill -9: the half-typed age and the cursor are there.
        let restarted = try ClubhouseApp(path: file.path)
        let look = try restarted.look()
        #expect(look.warnings.isEmpty)
        #expect(draft(look) == FormDraft(["name": "Zoë", "age": "1"]))
        #expect(screen(look)?.focus == "age")

        // The submit checks it, with the message the CLI's type gives, and keeps the draft.
        #expect(throws: ClubhouseError.invalidInput("age must be between 5 and 99")) {
            try restarted.submit()
        }
        #expect(throws: ClubhouseError.invalidInput("age must be between 5 and 99")) {
            try restarted.type([("age", "1")])
        }
        #expect(draft(try restarted.look()) == FormDraft(["name": "Zoë", "age": "1"]))
        try restarted.perform(Command(.typing([("age", "12")])))
        let added = try restarted.submit()
        guard case .form(.playerAdded(let player), _) = added.result else {
            Issue.record("not added: \(added.result)")
            return
        }
        #expect(player.name == "Zoë" && player.age == 12)
    }

    @Test func halfAnISBNAndAShortQuestionAreKeptAsTyped() throws {
        let file = try TemporaryFile()
        let app = try signedIn(file)
        try app.open("books/new")
        try app.perform(Command(.typing([("title", "Dune")])))
        for length in 1...13 {
            try app.perform(Command(.typing([("isbn", String("9780441013593".prefix(length)))])))
        }
        // Typing an ISBN key by key never starts the form afresh (a scripted `book add` of
        // another ISBN does): the title typed before it stays.
        #expect(
            draft(try ClubhouseApp(path: file.path).look()) == FormDraft(["title": "Dune", "isbn": "9780441013593"]))
        try app.perform(Command(.typing([("isbn", "978044")])))
        #expect(draft(try ClubhouseApp(path: file.path).look()) == FormDraft(["title": "Dune", "isbn": "978044"]))
        try app.back()

        try app.open("questions/new")
        try app.perform(Command(.typing([("text", "Why")])))
        let restarted = try ClubhouseApp(path: file.path)
        #expect(draft(try restarted.look()) == FormDraft(["text": "Why"]))
        #expect(throws: ClubhouseError.self) { try restarted.submit() }
    }

    @Test func typingIsBoundedAndOnlyIntoFieldsTheFormHas() throws {
        let file = try TemporaryFile()
        let app = try signedIn(file)
        #expect(throws: ClubhouseError.notOnScreen("no form is open (you are on home)")) {
            try app.perform(Command(.typing([("name", "x")])))
        }
        try app.open("players/new")
        #expect(throws: ClubhouseError.invalidInput("players/new has no field 'bogus'")) {
            try app.perform(Command(.typing([("bogus", "x")])))
        }
        // A field's own limit applies as it is typed, whichever front end types (a name's 100):
        // a script posting to the web page keeps no more than a browser's maxlength lets through.
        #expect(throws: ClubhouseError.invalidInput("name holds at most 100 characters")) {
            try app.perform(Command(.typing([("name", String(repeating: "a", count: 101))])))
        }
        // Counted as the rule counts, in Unicode scalars: one "a" carrying 30 000 combining
        // accents is one character to see and 30 001 to the rule (a hostile round kept it).
        #expect(throws: ClubhouseError.invalidInput("name holds at most 100 characters")) {
            try app.perform(Command(.typing([("name", "a" + String(repeating: "\u{301}", count: 30_000))])))
        }
        #expect(throws: ClubhouseError.invalidInput("age holds at most 10000 characters")) {
            try app.perform(Command(.typing([("age", "1" + String(repeating: "\u{301}", count: 10_000))])))
        }
        // A field whose rule bounds no length (a number) holds up to `FormDraft.longestField`.
        let long = String(repeating: "1", count: FormDraft.longestField + 1)
        #expect(throws: ClubhouseError.invalidInput("age holds at most 10000 characters")) {
            try app.perform(Command(.typing([("age", long)])))
        }
        #expect(throws: ClubhouseError.invalidInput("players/new has no field 'nope'")) { try app.focus("nope") }
        #expect(draft(try app.look()) == FormDraft())
        try app.perform(Command(.typing([("name", String(repeating: "a", count: 100))])))
        try app.perform(Command(.typing([("age", String(long.dropFirst()))])))
        #expect(draft(try app.look())?["name"]?.count == 100)
        #expect(draft(try app.look())?["age"]?.count == FormDraft.longestField)
    }

    @Test func theFocusIsStoredWithoutAJournalEntryAndFollowsTheDraft() throws {
        let file = try TemporaryFile()
        let app = try signedIn(file)
        try app.open("players/new")
        try app.perform(Command(.typing([("name", "Kai")])))
        let moved = try app.focus("position")
        #expect(moved.moved)
        #expect(screen(try ClubhouseApp(path: file.path).look())?.focus == "position")
        guard case .history(let entries) = try app.look(.history(limit: 10)).result else {
            Issue.record("no history")
            return
        }
        #expect(entries.count == 1, "opening the form is the only navigation change")

        // A link that closes the form keeps its draft and its focus aside; they come back with it.
        try app.open("library")
        try app.open("players/new")
        let back = try ClubhouseApp(path: file.path).look()
        #expect(draft(back) == FormDraft(["name": "Kai"]))
        #expect(screen(back)?.focus == "position")
        // Starting afresh forgets where the cursor was.
        try app.perform(Command(.discardDraft))
        #expect(try app.state()?.currentScreen.focus == nil)
    }

    @Test func aStoredDraftIsUntrustedWhenRestored() throws {
        let file = try TemporaryFile()
        let app = try signedIn(file)
        try app.open("players/new")
        try app.perform(Command(.typing([("name", "Kai")])))
        let long = String(repeating: "x", count: FormDraft.longestField + 1)
        try sqlite3(
            file.path,
            """
            UPDATE navigation_state SET stacks = json_set(stacks, '$.players[1]',
                json('{"path":"players/new","focus":"bogus","draft":{"name":"Kai","age":"abc","x":"1","team":"\(long)"}}'))
            """)
        let look = try ClubhouseApp(path: file.path).look()
        #expect(draft(look) == FormDraft(["name": "Kai", "age": "abc"]))
        #expect(screen(look)?.focus == nil)
        #expect(
            look.warnings == [
                "the draft of players/new had fields its form does not have (team, x); they were dropped; the focused field of players/new is not a field of its form; it was dropped"
            ])
        // A focus that is not text costs only itself.
        try sqlite3(
            file.path,
            #"UPDATE navigation_state SET stacks = json_set(stacks, '$.players[1]', json('{"path":"players/new","focus":7,"draft":{"name":"Kai"}}'))"#
        )
        let repaired = try ClubhouseApp(path: file.path).look()
        #expect(draft(repaired) == FormDraft(["name": "Kai"]))
        #expect(repaired.warnings == ["the focused field of players/new is not text; it was dropped"])
    }

    @Test func shortListsStoreTheirSelectionToo() throws {
        let file = try TemporaryFile()
        let app = try signedIn(file)
        for name in ["Zoë", "Kai", "Mía"] {
            try app.open("players/new")
            try app.submit([("name", name)])
        }
        // The home page's items: the squad's newest players.
        try app.open("home/squad")
        try app.moveSelection(.by(1))
        #expect(try ClubhouseApp(path: file.path).state()?.currentScreen.selected == "2")
        try app.moveSelection(.bottom)
        #expect(try app.state()?.currentScreen.selected == "1")
        #expect(throws: ClubhouseError.notOnScreen("'9' is not a row of home")) { try app.moveSelection(.row("9")) }
        // Another page starts at its first row.
        try app.perform(Command(.turnPage(by: 1)))
        #expect(try app.state()?.currentScreen.selected == nil)

        // A player's fields, by name.
        try app.open("players/2")
        try app.moveSelection(.by(2))
        #expect(try ClubhouseApp(path: file.path).state()?.currentScreen.selected == "skill")
        try app.moveSelection(.by(100))
        #expect(try app.state()?.currentScreen.selected == PlayerField.allCases.last?.key)

        // The profile's rows.
        try app.open("profile")
        try app.moveSelection(.row("gathers"))
        #expect(try ClubhouseApp(path: file.path).state()?.currentScreen.selected == "gathers")

        // A tampered key is dropped with a warning; the list starts at its first row.
        try sqlite3(
            file.path,
            #"UPDATE navigation_state SET stacks = json_set(stacks, '$.players[1].selected', 'shoe size')"#)
        let look = try ClubhouseApp(path: file.path).look()
        #expect(look.warnings == ["the selection of players/2 is not a row of it; the first row is selected"])
        #expect(try ClubhouseApp(path: file.path).state()?.stack(for: .players).last?.selected == nil)
    }
}
