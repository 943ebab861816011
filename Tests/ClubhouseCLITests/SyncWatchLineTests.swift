import ClubhouseSync
import Testing

@testable import ClubhouseCLI

/// What `sync --watch` prints for a change received: the record by its name and the fields by
/// their declared labels (issue 45 saw `book updated: 9780547928227 (… priceCents …)`).
@Suite struct SyncWatchLineTests {
    @Test func fieldsAreNamedByTheirLabels() {
        let book = SyncReceived(
            entity: "book", key: "9780547928227", kind: "update", fields: ["author", "priceCents"], label: "The Hobbit")
        #expect(SyncWatch.line(book) == #"book updated: "The Hobbit" (author, price)"#)
        let player = SyncReceived(
            entity: "player", key: "499903c9-0000-4000-8000-000000000000", kind: "update",
            fields: ["favouriteTeam", "shirtNumber"], label: "Kai")
        #expect(SyncWatch.line(player) == #"player updated: "Kai" (favourite team, shirt number)"#)
        // A field no declaration names keeps its wire name; a record with no name here, its key.
        let gather = SyncReceived(
            entity: "gather", key: "0c1d2e3f-0000-4000-8000-000000000000", kind: "update", fields: ["scoreA"])
        #expect(SyncWatch.line(gather) == "gather updated: 0c1d2e3f (scoreA)")
    }
}
