import ClubhouseDomain
import Testing

/// Which usernames can be registered.
@Suite struct UsernameRuleTests {
    static let invisibleOrReordering: [(String, String)] = [
        ("\u{200B}", "U+200B"), ("\u{200C}", "U+200C"), ("\u{200D}", "U+200D"), ("\u{2060}", "U+2060"),
        ("\u{FEFF}", "U+FEFF"), ("\u{202E}", "U+202E"), ("\u{202A}", "U+202A"), ("\u{2067}", "U+2067"),
        ("\u{200E}", "U+200E"), ("\u{061C}", "U+061C"), ("\u{00AD}", "U+00AD"),
        // Letters and marks that draw nothing.
        ("\u{3164}", "U+3164"), ("\u{115F}", "U+115F"), ("\u{FFA0}", "U+FFA0"), ("\u{034F}", "U+034F"),
        ("\u{FE0F}", "U+FE0F"), ("\u{180B}", "U+180B"),
        // An enclosing mark draws around its neighbours.
        ("\u{20DD}", "U+20DD"),
        // A letter whose compatibility form is a space and a mark.
        ("\u{FE70}", "U+FE70"),
        // Letters newer than the folding data Foundation carries.
        ("\u{1C89}", "U+1C89"), ("\u{A7CB}", "U+A7CB"),
        // Controls, spaces and symbols.
        ("\u{7}", "U+0007"), ("\u{85}", "U+0085"), ("\u{A0}", "U+00A0"), ("\u{2028}", "U+2028"),
        ("\u{2800}", "U+2800"), ("€", "U+20AC"), (" ", "U+0020"), (";", "';'"), ("'", "U+0027"),
    ]

    @Test(arguments: invisibleOrReordering)
    func refusesInvisibleReorderingAndOddCharactersAndNamesThem(_ inside: String, _ shown: String) {
        #expect(
            throws: ClubhouseError.invalidInput(
                "username may contain only letters, digits, '.', '_' and '-' (not \(shown))")
        ) { try Username("an\(inside)a") }
    }

    @Test func refusesALeadingCombiningMark() {
        #expect(throws: ClubhouseError.invalidInput("username must not start with a combining mark (U+0301)")) {
            try Username("\u{0301}ana")
        }
    }

    @Test func theLengthLimitIsInScalarsAfterComposition() throws {
        // Composed on the way in, so a decomposed ë counts once.
        #expect(try Username(String(repeating: "e\u{0308}", count: 32)).display.unicodeScalars.count == 32)
        #expect(throws: ClubhouseError.invalidInput("username must be at most 32 characters")) {
            try Username(String(repeating: "a", count: 33))
        }
        // Hindi keeps its marks: 32 scalars is the limit, not 32 clusters.
        #expect(throws: ClubhouseError.invalidInput("username must be at most 32 characters")) {
            try Username(String(repeating: "नमस्ते", count: 6))
        }
    }

    @Test(arguments: [
        "ana", "Ana", "ＡＮＡ", "straße", "ﬁx", "\u{212A}elvin", "İlker", "ılık", "Zoë", "李小龍", "नमस्ते", "①", "Ⅻ",
        "a.b_c-d", "ᏣᎳᎩ",
    ])
    func acceptsLettersMarksAndDigitsOfEveryScript(_ name: String) throws {
        #expect(try Username(name).display == name)
    }

    @Test func emptyIsRefused() {
        #expect(throws: ClubhouseError.invalidInput("username must not be empty")) { try Username(" \u{3000} ") }
        // Controls are refused as such, not trimmed away with the spaces.
        #expect(throws: ClubhouseError.self) { try Username("\nana") }
    }
}

extension UsernameRuleTests {
    /// Only Unicode's white space is trimmed: an invisible character at either end is refused,
    /// not dropped into someone else's name.
    @Test(arguments: ["\u{200B}ana", "ana\u{FEFF}", "\u{2060}ana"])
    func invisibleCharactersAtTheEndsAreRefusedNotTrimmed(_ name: String) {
        #expect(throws: ClubhouseError.self) { try Username(name) }
    }
}
