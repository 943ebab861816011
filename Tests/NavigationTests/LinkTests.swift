import ClubhouseDomain
import ClubhouseNavigation
import Testing

@Suite struct LinkTests {
    static let screens: [Screen] =
        [
            .login, .register, .home, .players, .newPlayer, .player(3), .confirmPlayers, .gathers, .gather(7), .library,
            .book(isbn: "9780306406157"), .questions, .question(12), .profile, .newBook, .newQuestion,
        ] + PlayerField.allCases.map { .editPlayer(3, field: $0) }

    @Test(arguments: screens)
    func everyScreenRoundTripsAsALinkAndAsAURL(_ screen: Screen) {
        #expect(Link(screen.path) == .screen(screen))
        #expect(Link("clubhouse://" + screen.path) == .screen(screen))
        #expect(Link(screen.path)?.text == screen.path)
    }

    @Test(arguments: screens)
    func everyChainStartsAtItsPlacesRootAndEndsAtTheScreen(_ screen: Screen) {
        let chain = screen.chain
        #expect(chain.last == screen)
        switch screen.place {
        case .tab(let tab): #expect(chain.first == tab.rootScreen)
        case .modal: #expect(chain == [screen])
        case .login: #expect(chain.first == .login)
        }
    }

    @Test func homePagesAreLinksToo() {
        for page in HomePage.allCases {
            #expect(Link("home/\(page.rawValue)") == .page(page))
            #expect(Link("home/\(page.rawValue)")?.text == "home/\(page.rawValue)")
        }
        #expect(Link("home") == .screen(.home))
        #expect(Link("home/nowhere") == nil)
        #expect(Link("players/3/") == .screen(.player(3)))
    }

    @Test func theThreeDeepChainOfAnEditScreen() {
        #expect(Screen.editPlayer(3, field: .name).chain == [.players, .player(3), .editPlayer(3, field: .name)])
        #expect(Screen.gather(2).chain == [.profile, .gathers, .gather(2)])
    }

    /// Random and hostile text: the parser answers nil or a screen whose path reads back the same.
    @Test func randomAndHostileTextNeverCrashesTheParser() {
        var seed: UInt64 = 0x5EED
        func next() -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return seed >> 33
        }
        let pieces = [
            "players", "/", "new", "edit", "name", "0", "1", "9", "-", "+", "books", "978", "X", "home", "results",
            "clubhouse://", " ", "\u{0}", "\u{1B}[2J", "é", "\u{202E}", "٣", "１", "..", "%2F", "99999999999999999999",
        ]
        for _ in 0..<20_000 {
            let text = (0..<Int(next() % 8)).map { _ in pieces[Int(next() % UInt64(pieces.count))] }.joined()
            if case .screen(let screen) = Link(text) {
                #expect(Screen(path: screen.path) == screen)
            }
            if let screen = Screen(path: text) { #expect(screen.path == text) }
        }
        #expect(Screen(path: String(repeating: "players/", count: 100_000)) == nil)
    }
}
