import ClubhouseDomain
import Testing

@testable import ClubhouseCLI

/// The CLI's options are properties (ArgumentParser's), so each declared field's option is
/// spelled by hand: these hold the two together. Every declared field is an option of its add
/// command, and a player's of `player edit`, named by the field's key, and what it is given reaches
/// that field. A field declared without its option (or an option wired to another field) fails
/// here, naming it.
@Suite struct DeclaredOptionsTests {
    @Test(arguments: PlayerField.allCases)
    func playerAddTakesEachDeclaredField(_ field: PlayerField) throws {
        let value = Self.sample(field.rule)
        var arguments = ["--\(field.key)", value]
        if field != .name { arguments += ["--name", "Kai"] }
        let command = try PlayerAddCommand.parse(arguments)
        #expect(command.given.contains { $0.name == field.key && $0.text == value }, "--\(field.key)")
    }

    @Test(arguments: PlayerField.allCases)
    func playerEditTakesEachDeclaredField(_ field: PlayerField) throws {
        let value = Self.sample(field.rule)
        let command = try PlayerEditCommand.parse(["1", "--\(field.key)", value])
        #expect(command.fields.map(\.0) == [field], "--\(field.key)")
        #expect(command.fields.map(\.1) == [value], "--\(field.key)")
    }

    @Test(arguments: BookField.allCases)
    func bookAddTakesEachDeclaredField(_ field: BookField) throws {
        let value = Self.sample(field.rule)
        var arguments = ["--\(field.key)", value]
        if field != .isbn { arguments += ["--isbn", "0441013597"] }
        if field != .title { arguments += ["--title", "Dune"] }
        let command = try BookAddCommand.parse(arguments)
        #expect(command.given.contains { $0.name == field.key && $0.text == value }, "--\(field.key)")
    }

    /// A value `rule` takes, as a person types it.
    static func sample(_ rule: FieldRule) -> String {
        switch rule {
        case .text, .paragraph: "Some text"
        case .integer(let range): String(range.lowerBound)
        case .money: "12.50"
        case .date: "1965-08-01"
        case .isbn: "978-0-441-01359-3"
        case .choice(let choices): choices.first ?? ""
        case .instant: "2026-11-25T18:03:00.000Z"
        }
    }
}
