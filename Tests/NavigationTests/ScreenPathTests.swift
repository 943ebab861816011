import ClubhouseNavigation
import Testing

@Suite struct ScreenPathTests {
    /// Every screen of the table in docs/architecture.md, spelled as there.
    static let spellings: [(String, Screen)] = [
        ("login", .login), ("login/register", .register), ("home", .home),
        ("players", .players), ("players/new", .newPlayer), ("players/3", .player(3)),
        ("players/3/edit/name", .editPlayer(3, field: .name)),
        ("players/12/edit/favourite-team", .editPlayer(12, field: .favouriteTeam)),
        ("players/confirm", .confirmPlayers), ("gathers", .gathers), ("gathers/7", .gather(7)),
        ("library", .library), ("books/9780306406157", .book(isbn: "9780306406157")),
        ("books/080442957X", .book(isbn: "080442957X")), ("questions", .questions),
        ("questions/4", .question(4)), ("profile", .profile), ("books/new", .newBook),
        ("questions/new", .newQuestion),
    ]

    @Test func parsesAndPrintsEveryScreen() {
        for (path, screen) in Self.spellings {
            #expect(Screen(path: path) == screen, "parsing \(path)")
            #expect(screen.path == path, "printing \(screen)")
        }
    }

    @Test(arguments: [
        "", "/", "players/", "/players", "players//3", "players/0", "players/03", "players/-3", "players/+3",
        "players/3.0", "players/abc", "players/99999999999999999999", "players/3/edit", "players/3/edit/height",
        "players/3/delete/name", "books/123", "books/97803064061570", "Players", "nowhere", "login/other",
        "gathers/1/2",
    ])
    func refusesMalformedPaths(_ path: String) {
        #expect(Screen(path: path) == nil)
    }

    /// An ISBN-10's X is often typed lower-case; opening the book normalises it to ISBN-13 anyway.
    @Test func aLowerCaseXEndsAnISBN10Too() {
        #expect(Screen(path: "books/080442957x") == .book(isbn: "080442957x"))
        #expect(Screen(path: "books/08044295x7") == nil)
    }

    @Test func largestIdRoundTrips() {
        let path = "players/\(Int64.max)"
        #expect(Screen(path: path)?.path == path)
    }
}
