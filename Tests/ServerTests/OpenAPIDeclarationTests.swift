import ClubhouseDomain
import Testing

/// docs/openapi.json is checked field by field against the record declarations: the player
/// schemas (a player, a gather's seat, the form's input), the book schemas (a book, the
/// add-book form's input) and the question's hold exactly the declared fields by their wire names (an input's by
/// their keys), each of its declared type, with its choices as the enum and the required fields
/// required. A field declared and not documented (or documented and not declared) fails
/// here, naming it.
@Suite struct OpenAPIDeclarationTests {
    /// Each player schema and what it holds besides the declared fields.
    static let schemas: [(name: String, own: Set<String>, isInput: Bool)] = [
        ("Player", ["id", "key"], false), ("GatherPlayer", ["playerId"], false), ("PlayerInput", [], true),
    ]

    @Test(arguments: schemas.map(\.name))
    func thePlayerSchemasHoldTheDeclaredFields(_ name: String) throws {
        let schema = try #require(Self.schemas.first { $0.name == name })
        let document = try OpenAPIDocument()
        let components = try #require(document.root["components"] as? [String: Any])
        let object = try #require((components["schemas"] as? [String: Any])?[name] as? [String: Any])
        let properties = try #require(object["properties"] as? [String: [String: Any]])
        let declared = Set(PlayerField.allCases.map(\.wire))
        #expect(Set(properties.keys).subtracting(schema.own) == declared, "\(name)'s fields")
        for field in PlayerField.allCases {
            guard let property = properties[field.wire] else { continue }
            let type = field.rule.isInteger ? "integer" : "string"
            // An input's optional field may be null, which clears it.
            let types = (property["type"] as? [String]) ?? [property["type"] as? String ?? ""]
            let expected = schema.isInput && !field.isRequired ? [type, "null"] : [type]
            #expect(types == expected, "\(name).\(field.wire) is \(types)")
            // An input takes a choice in any case, so only the outputs list the choices.
            if !schema.isInput {
                #expect((property["enum"] as? [String] ?? []) == field.choices, "\(name).\(field.wire)'s choices")
            }
        }
        if !schema.isInput {
            let required = Set(object["required"] as? [String] ?? [])
            let expected = Set(PlayerField.allCases.filter(\.isRequired).map(\.wire))
            #expect(required.subtracting(schema.own) == expected, "\(name)'s required fields")
        }
    }

    /// A book as the API shows it: each declared field by its wire name (an amount in cents, and
    /// also as the form shows it under its key), a date as a date, then the shelf's state.
    @Test func theBookSchemaHoldsTheDeclaredFields() throws {
        let object = try Self.schema("Book")
        let properties = try #require(object["properties"] as? [String: [String: Any]])
        var declared: [String: (type: String, format: String?)] = [:]
        for field in BookField.allCases {
            declared[field.wire] = (field.rule.isInteger ? "integer" : "string", field.rule == .date ? "date" : nil)
            if case .money = field.rule { declared[field.key] = ("string", nil) }
        }
        let own: Set<String> = ["owned", "onShelf", "createdAt", "updatedAt"]
        #expect(Set(properties.keys).subtracting(own) == Set(declared.keys), "Book's fields")
        for (name, expected) in declared {
            guard let property = properties[name] else { continue }
            #expect(property["type"] as? String == expected.type, "Book.\(name)'s type")
            #expect(property["format"] as? String == expected.format, "Book.\(name)'s format")
        }
        let required = Set(object["required"] as? [String] ?? []).subtracting(own)
        #expect(required == Set(BookField.allCases.filter(\.isRequired).map(\.wire)), "Book's required fields")
    }

    /// A question as the API shows it: each declared field by its wire name, an instant as
    /// ISO-8601 text (REST writes every time so), then its key, id and books.
    @Test func theQuestionSchemaHoldsTheDeclaredFields() throws {
        let object = try Self.schema("Question")
        let properties = try #require(object["properties"] as? [String: [String: Any]])
        let own: Set<String> = ["id", "key", "books"]
        #expect(Set(properties.keys).subtracting(own) == Set(QuestionField.allCases.map(\.wire)), "Question's fields")
        for field in QuestionField.allCases {
            guard let property = properties[field.wire] else { continue }
            let isInstant = if case .instant = field.rule { true } else { false }
            #expect(property["type"] as? String == (isInstant || !field.rule.isInteger ? "string" : "integer"))
            #expect(property["format"] as? String == (isInstant ? "date-time" : nil), "Question.\(field.wire)")
        }
        let required = Set(object["required"] as? [String] ?? []).subtracting(own)
        #expect(required == Set(QuestionField.allCases.filter(\.isRequired).map(\.wire)), "Question's required")
    }

    /// The add-book form's input: each field by its key, as text (an amount also as a number),
    /// an optional one also null.
    @Test func theBookInputSchemaHoldsTheDeclaredFields() throws {
        let object = try Self.schema("BookInput")
        let properties = try #require(object["properties"] as? [String: [String: Any]])
        #expect(Set(properties.keys) == Set(BookField.allCases.map(\.key)), "BookInput's fields")
        for field in BookField.allCases {
            guard let property = properties[field.key] else { continue }
            let types = (property["type"] as? [String]) ?? [property["type"] as? String ?? ""]
            var expected = ["string"]
            if case .money = field.rule { expected.append("number") }
            if !field.isRequired { expected.append("null") }
            #expect(types == expected, "BookInput.\(field.key) is \(types)")
        }
        let required = Set(object["required"] as? [String] ?? [])
        #expect(required == Set(BookField.allCases.filter(\.isRequired).map(\.key)), "BookInput's required fields")
    }

    private static func schema(_ name: String) throws -> [String: Any] {
        let components = try #require(try OpenAPIDocument().root["components"] as? [String: Any])
        return try #require((components["schemas"] as? [String: Any])?[name] as? [String: Any])
    }
}
