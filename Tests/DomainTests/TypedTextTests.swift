import ClubhouseDomain
import Testing

/// Limits count Unicode scalars, and typed text never holds controls, separators or bidi controls.
@Suite struct TypedTextTests {
    /// One grapheme cluster: a letter carrying thousands of combining marks.
    static let markBomb = "Z" + String(repeating: "\u{0301}", count: 5_000)

    @Test func lengthCountsUnicodeScalarsNotCharacters() {
        #expect(Self.markBomb.count == 1)
        #expect(TypedText.length(Self.markBomb) == 5_001)
        #expect(TypedText.length("Zoë") == 3)
        #expect(TypedText.length("Zoe\u{0308}") == 4)
        #expect(TypedText.length("👨‍👩‍👧") == 5)
    }

    @Test func aCombiningMarkBombIsTooLongForEveryLimit() {
        #expect(throws: ClubhouseError.invalidInput("name must be at most 100 characters")) {
            try PlayerDraft(name: Self.markBomb).validated()
        }
        #expect(throws: ClubhouseError.invalidInput("favourite team must be at most 100 characters")) {
            try PlayerDraft(name: "Kai", favouriteTeam: Self.markBomb).validated()
        }
        #expect(throws: ClubhouseError.invalidInput("username must be at most 32 characters")) {
            try Username("a" + String(repeating: "\u{0301}", count: 40))
        }
        #expect(throws: ClubhouseError.invalidInput("password must be at most 1024 characters")) {
            try Password("p" + String(repeating: "\u{0301}", count: 1_024))
        }
    }

    @Test func limitsAreInclusiveInScalars() throws {
        let hundred = String(repeating: "e\u{0301}", count: 50)
        #expect(try PlayerDraft(name: hundred).validated().name == hundred)
        #expect(throws: ClubhouseError.invalidInput("name must be at most 100 characters")) {
            try PlayerDraft(name: hundred + "x").validated()
        }
    }

    static let controls: [Unicode.Scalar] = [
        "\u{0}", "\u{7}", "\t", "\n", "\r", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}", "\u{2028}", "\u{2029}",
    ]

    @Test(arguments: controls)
    func controlCharactersAreRefusedInEveryPlayerField(_ scalar: Unicode.Scalar) {
        let text = "a\(scalar)b"
        for (field, name) in [
            (PlayerField.name, "name"), (.favouriteTeam, "favourite team"), (.age, "age"), (.skill, "skill"),
            (.position, "position"),
        ] {
            #expect(
                throws: ClubhouseError.invalidInput("\(name) must not contain control characters such as line breaks")
            ) { try PlayerForm.check(field, text) }
        }
    }

    static let bidiControls: [(Unicode.Scalar, String)] = [
        ("\u{202E}", "U+202E"), ("\u{202A}", "U+202A"), ("\u{2066}", "U+2066"), ("\u{2069}", "U+2069"),
        ("\u{200E}", "U+200E"), ("\u{200F}", "U+200F"), ("\u{061C}", "U+061C"),
    ]

    @Test(arguments: bidiControls)
    func bidirectionalControlsAreRefusedInFreeText(_ scalar: Unicode.Scalar, _ codePoint: String) {
        #expect(
            throws: ClubhouseError.invalidInput("name must not contain bidirectional control characters (\(codePoint))")
        ) { try PlayerDraft(name: "Kai\(scalar)gnp").validated() }
        #expect(
            throws: ClubhouseError.invalidInput(
                "favourite team must not contain bidirectional control characters (\(codePoint))")
        ) { try PlayerForm.check(.favouriteTeam, "\(scalar)Boca") }
    }

    @Test func joinersAndOtherScriptsStayAllowedInNames() throws {
        for name in ["👨‍👩‍👧", "می‌خواهم", "李小龍", "Zoë O'Brien", "Ꭰ"] {
            #expect(try PlayerDraft(name: name).validated().name == name)
        }
    }

    @Test func surroundingLineBreaksAreTrimmedNotRefused() throws {
        #expect(try PlayerDraft(name: "Ana\n").validated().name == "Ana")
        try PlayerForm.check(.age, " 30\n")
    }

    @Test func codePointsArePaddedToFourDigits() {
        #expect(TypedText.codePoint("\u{9}") == "U+0009")
        #expect(TypedText.codePoint("\u{202E}") == "U+202E")
        #expect(TypedText.codePoint("\u{1F600}") == "U+1F600")
    }
}

@Suite struct TypedTextPrefixTests {
    @Test func aPrefixCountsScalarsAndKeepsWholeCharacters() {
        #expect(TypedText.prefix("Zoë", 3) == "Zoë")
        #expect(TypedText.prefix("Zoë", 2) == "Zo")
        // é as e and a combining accent is two scalars: not cut in half.
        #expect(TypedText.prefix("e\u{301}e\u{301}", 3) == "e\u{301}")
        // A family emoji is five scalars, one character.
        let family = "👨‍👩‍👧"
        #expect(TypedText.prefix("a" + family, 5) == "a")
        #expect(TypedText.prefix("a" + family, 6) == "a" + family)
        #expect(TypedText.prefix("", 0) == "")
        #expect(TypedText.length(TypedText.prefix(String(repeating: "e\u{301}" + family, count: 50), 100)) <= 100)
    }
}
