import ClubhouseDomain
import Testing

/// The players' declaration holds together: each field's names are its own and spelled by one
/// convention in each place (a key `favourite-team`, a wire name `favouriteTeam`, a column
/// `favourite_team`), and every field reads back through `PlayerFields[field]` what was set.
@Suite struct PlayerFieldDeclarationTests {
    @Test func everyNameIsUniqueAndFollowsItsPlacesConvention() {
        let fields = PlayerField.allCases
        for names in [fields.map(\.key), fields.map(\.wire), fields.map(\.column), fields.map(\.label)] {
            #expect(Set(names).count == fields.count, "\(names)")
        }
        for field in fields {
            let words = field.key.split(separator: "-").map(String.init)
            #expect(field.wire == words[0] + words.dropFirst().map(\.capitalized).joined(), "\(field)")
            #expect(field.column == words.joined(separator: "_"), "\(field)")
            #expect(field.label.lowercased() == words.joined(separator: " "), "\(field)")
        }
    }

    /// A value each rule allows, set and read back; a value of another type, or a choice not
    /// offered, is none.
    @Test(arguments: PlayerField.allCases)
    func aFieldReadsBackWhatWasSet(_ field: PlayerField) throws {
        let value: FieldValue =
            switch field.rule {
            case .text(let length), .paragraph(let length): .text(String(repeating: "x", count: length.upperBound))
            case .integer(let range): .integer(Int64(range.upperBound))
            case .money(let range): .integer(Int64(range.upperBound))
            case .choice(let choices): .text(try #require(choices.last))
            case .date: .text("2000-02-29")
            case .isbn: .text("9780441013593")
            case .instant: .integer(1_764_000_000_000)
            }
        var fields = PlayerFields(name: "Kai")
        fields[field] = value
        #expect(fields[field] == value)
        #expect(try fields.validated()[field] == value)
        if !field.isRequired {
            fields[field] = field.rule.isInteger ? .text("7") : .integer(7)
            #expect(fields[field] == .null)
        }
    }
}
