import ClubhouseTestSupport
import Foundation
import Testing

/// A database written by release 0.4 (schema 5, before kept drafts) opened by this binary:
/// migration 0006 adds the kept drafts' column, and the open form, the modal flow with its draft
/// and the journal carry on as they were.
@Suite(.heavy) struct KeptDraftUpgradeTests {
    /// Made by release 0.4 (commit 2ed1dd0): ana (password `s3cret-pass`) and bob (`b0b-password`)
    /// registered; bob added player 1 "Bo" and signed out; ana signed in, added players 2 "Zoë"
    /// (27, striker) and 3 "Kai" (amateur), book 9780306406157 "Dune", asked question 1 "which
    /// book about the desert planet", then `page reading`, `open players/2`, `tab library`; on a
    /// terminal `player add` answered name "Lu" and age "30" and was killed, then `book add`
    /// answered the ISBN 9780140328721 and title "Matilda" and was killed. Where ana is: tab
    /// players, page reading, players > players/new (its draft) under the modal books/new (its
    /// draft), questions > questions/1, and a journal of eight changes.
    static let fixture = "release-0.4-v5.sqlite"

    private func copyOfRelease04(in folder: TemporaryFolder) throws -> String {
        let path = try Fixtures.copy(Self.fixture, in: folder, name: "release-0.4.sqlite")
        #expect(try sqlite(path, "PRAGMA user_version") == "5")
        #expect(
            try sqlite(path, "SELECT count(*) FROM pragma_table_info('navigation_state') WHERE name = 'kept_drafts'")
                == "0")
        return path
    }

    @Test func theFirstCommandUpgradesKeepingTheFormsTheModalAndTheJournal() throws {
        let folder = try TemporaryFolder()
        let path = try copyOfRelease04(in: folder)
        let storedBefore = try storedNavigation(path)
        let clubhouse = ClubhouseProcess(database: path)

        let state = try clubhouse.navigation()
        #expect(state["user"] as? String == "ana")
        #expect(state["tab"] as? String == "players")
        #expect(state["page"] as? String == "reading")
        #expect(state["stack"] as? [String] == ["players", "players/new"])
        #expect(state["modal"] as? [String] == ["books/new"])
        #expect(
            stacks(state) == [
                "home": ["home"], "players": ["players", "players/new"], "library": ["library"],
                "questions": ["questions", "questions/1"], "profile": ["profile"],
            ])
        #expect(
            state["drafts"] as? [String: [String: String]] == [
                "players/new": ["name": "Lu", "age": "30"],
                "books/new": ["isbn": "9780140328721", "title": "Matilda"],
            ])
        #expect(state["keptDrafts"] as? [String: [String: String]] == [:])

        #expect(try sqlite(path, "PRAGMA user_version") == "\(newestSchema)")
        #expect(try sqlite(path, "SELECT count(*) FROM grdb_migrations WHERE identifier = '0006_kept_drafts'") == "1")
        #expect(try storedNavigation(path) == storedBefore)
        #expect(try sqlite(path, "SELECT quote(kept_drafts) FROM navigation_state") == "NULL")
        #expect(try sqlite(path, "SELECT count(*) FROM navigation_journal") == "8")
        let check = try clubhouse.run(["check"])
        #expect(check.stdout == "ok: \(path) passed every check (schema \(newestSchema))\n", "\(check.stderr)")
    }

    @Test func afterTheUpgradeALinkKeepsTheOldDraftAndTheFormGetsItBack() throws {
        let folder = try TemporaryFolder()
        let path = try copyOfRelease04(in: folder)
        let clubhouse = ClubhouseProcess(database: path)

        // The modal with a draft keeps the tabs waiting, as it did in 0.4; back closes it.
        let refused = try clubhouse.run(["player", "list"])
        #expect(refused.status == 1)
        #expect(refused.stderr == "error: books/new is open over the tabs; submit it or go back to close it first\n")
        #expect(try clubhouse.run(["back"]).status == 0)

        let list = try clubhouse.run(["player", "list", "--json"])
        #expect(list.status == 0 && list.stderr.isEmpty, "\(list.stderr)")
        var state = try clubhouse.navigation()
        #expect(state["stack"] as? [String] == ["players"])
        #expect(state["modal"] is NSNull)
        #expect(state["drafts"] as? [String: [String: String]] == [:])
        #expect(state["keptDrafts"] as? [String: [String: String]] == ["players/new": ["name": "Lu", "age": "30"]])
        let text = try clubhouse.run(["nav"]).stdout
        #expect(text.hasSuffix("kept draft players/new: age=\"30\", name=\"Lu\"\n"))

        // A scripted add resumes the kept draft as it resumes an open one.
        let added = try clubhouse.run(["player", "add", "--skill", "beginner", "--name", "Lu", "--json"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stderr == "note: used the draft's age (--discard-draft starts afresh)\n")
        let player = try jsonObject(added.stdout)
        #expect(player["age"] as? Int == 30 && player["skill"] as? String == "beginner")
        state = try clubhouse.navigation()
        #expect(state["keptDrafts"] as? [String: [String: String]] == [:])
        #expect(try sqlite(path, "SELECT quote(kept_drafts) FROM navigation_state") == "NULL")
    }
}
