import Clubhouse
import Foundation
import Testing

@testable import ClubhouseTerminal

/// One "add" over every tab (BookKitty's floating button): `+` anywhere, or `n` on a tab without
/// an add of its own, offers the three add flows; a key with nothing to do says so.
@Suite struct AddChooserTests {
    func signedIn() throws -> TerminalSession { try signedInSession().1 }

    @Test func theChooserOpensOnEveryTabAndEachKeyOpensItsFlow() throws {
        for tab in Tab.allCases {
            for flow in AddFlow.allCases {
                let session = try signedIn()
                session.apply(.tab(tab))
                _ = session.handle(.character("+"))
                #expect(session.frame().text.contains("p  Add a player"), "\(tab)")
                #expect(session.frame().text.contains("q  Ask a question"))
                _ = session.handle(.character(flow.key))
                #expect(session.screen == .form, "\(tab), \(flow)")
                #expect(session.state?.currentPlace == flow.link, "\(tab), \(flow)")
            }
        }
    }

    @Test func nOnATabWithoutItsOwnAddOpensTheChooser() throws {
        let session = try signedIn()
        for tab in [Tab.home, .profile] {
            session.apply(.tab(tab))
            _ = session.handle(.character("n"))
            #expect(session.frame().text.contains("Add (a key, or ↑ ↓ and Enter; Esc closes)"), "\(tab)")
            _ = session.handle(.escape)
            #expect(!session.frame().text.contains("Add a player"))
            #expect(session.screen == (tab == .home ? .home : .profile))
        }
        // The players list's own `n` still adds a player at once.
        session.apply(.tab(.players))
        _ = session.handle(.character("n"))
        #expect(session.state?.currentPlace == "players/new")
    }

    @Test func arrowsAndEnterPickToo() throws {
        let session = try signedIn()
        session.apply(.tab(.library))
        _ = session.handle(.character("+"))
        #expect(session.frame().text.contains("▶ b  Add a book"), "the tab's own flow comes first")
        _ = session.handle(.down)
        #expect(session.frame().text.contains("▶ q  Ask a question"))
        _ = session.handle(.down)
        #expect(session.frame().text.contains("▶ p  Add a player"), "round the list")
        // Keys that choose nothing are ignored while it is open.
        _ = session.handle(.character("x"))
        #expect(session.frame().text.contains("▶ p  Add a player"))
        _ = session.handle(.enter)
        #expect(session.state?.currentPlace == "players/new")
    }

    @Test func aKeyWithNothingToDoSaysSo() throws {
        let session = try signedIn()
        _ = session.handle(.character("z"))
        #expect(session.frame().text.contains("z does nothing here; ? lists this screen's keys"))
        _ = session.handle(.character("]"))
        #expect(!session.frame().text.contains("does nothing here"), "the next key clears it")
        session.apply(.tab(.players))
        _ = session.handle(.character("x"))
        #expect(session.frame().text.contains("x does nothing here"))
        // Typed into a form, every key is text.
        _ = session.handle(.character("n"))
        _ = session.handle(.character("z"))
        #expect(!session.frame().text.contains("does nothing here"))
        #expect(session.frame().text.contains("z█"))
    }
}
