import Clubhouse
import Foundation
import Testing

@testable import ClubhouseTerminal

/// A field with fixed values (skill, position) offers them to pick with ← →, as the seed's
/// selection list does, while typing still works; only required fields are marked required.
@Suite struct FormChoicesTests {
    @Test func picksRoundTheValuesThroughNone() throws {
        let (app, session) = try signedInSession()
        session.apply(.tab(.players))
        _ = session.handle(.character("n"))
        for character in "Kai" { _ = session.handle(.character(character)) }
        _ = session.handle(.tab)
        _ = session.handle(.tab)  // skill
        #expect(session.frame().text.contains(" none  beginner  amateur  professional  ← → pick, or type"))
        _ = session.handle(.right)
        #expect(session.frame().text.contains("beginner█"))
        _ = session.handle(.right)
        _ = session.handle(.right)
        #expect(session.frame().text.contains("professional█"))
        _ = session.handle(.right)
        #expect(session.frame().text.contains("▶ Skill                █"), "round to none")
        _ = session.handle(.left)
        #expect(session.frame().text.contains("professional█"))
        _ = session.handle(.tab)  // position: typing still works
        for character in "wi" { _ = session.handle(.character(character)) }
        _ = session.handle(.right)
        #expect(session.frame().text.contains("goalkeeper█"), "text that is no value starts the list")
        _ = session.handle(.control("s"))
        let players = try app.readPlayers(around: nil, count: 5).rows
        #expect(players.first?.skill == .professional)
        #expect(players.first?.position == .goalkeeper)
    }

    @Test func aTextFieldHasNoListAndSaysSo() throws {
        let (_, session) = try signedInSession()
        session.apply(.tab(.players))
        _ = session.handle(.character("n"))
        _ = session.handle(.right)
        #expect(session.frame().text.contains("name has no list to pick from; type it"))
    }

    @Test func onlyTheNameIsMarkedRequiredOnAddAndOnEdit() throws {
        let (app, session) = try signedInSession()
        try app.open("players/new")
        try app.submit([("name", "Kai"), ("age", "30")])
        try app.open("players/1/edit/age")
        session.reload()
        #expect(session.frame().text.contains("Age  "))
        #expect(!session.frame().text.contains("Age *"))
        try app.open("players/1/edit/name")
        session.reload()
        #expect(session.frame().text.contains("Name *"))
        try app.open("players/new")
        session.reload()
        #expect(session.frame().text.contains("Name *"))
        #expect(!session.frame().text.contains("Skill *"))
    }
}
