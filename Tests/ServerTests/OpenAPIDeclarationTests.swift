import ClubhouseDomain
import Testing

/// docs/openapi.json is checked field by field against the record declarations: the player
/// schemas (a player, a gather's seat, the form's input) hold exactly the declared fields by
/// their wire names, each of its declared type, with its choices as the enum and the required
/// fields required. A field declared and not documented (or documented and not declared) fails
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
}
