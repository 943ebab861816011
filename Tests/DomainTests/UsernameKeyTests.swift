import ClubhouseDomain
import Testing

/// Spellings that are one account: NFKC with full case folding.
@Suite struct UsernameKeyTests {
    static let sameAccount: [(spellings: [String], key: String)] = [
        (["ana", "Ana", "ANA", "ＡＮＡ", "ａｎａ", "Ａｎａ", " ana "], "ana"),
        (["straße", "STRASSE", "Strasse", "strasse", "STRAẞE"], "strasse"),
        (["\u{212A}elvin", "Kelvin", "KELVIN"], "kelvin"),
        (["ﬁx", "FIX", "ﬁX"], "fix"),
        (["Zoë", "ZOE\u{0308}", "zoe\u{0308}"], "zo\u{EB}"),
        (["Ⅻ", "XII", "xii"], "xii"),
        (["①", "1"], "1"),
        (["ΣΊΣΥΦΟΣ", "σίσυφος", "Σίσυφος"], "σίσυφοσ"),
        (["ǅ", "Ǆ", "ǆ", "DŽ"], "dž"),
    ]

    @Test(arguments: sameAccount)
    func spellingsOfOneAccountShareTheirKey(_ spellings: [String], _ key: String) {
        for spelling in spellings {
            #expect(Username.key(for: spelling) == key, "\(spelling)")
        }
    }

    @Test func registeredNamesGetTheSameKey() throws {
        #expect(try Username("ＡＮＡ").key == "ana")
        #expect(try Username("ＡＮＡ").display == "ＡＮＡ")
        #expect(try Username("STRASSE").key == (try Username("straße").key))
    }

    /// Unicode's default folding, the same for everyone: the Turkish dotted capital I is i with a
    /// combining dot, so it is not `i`, and the dotless ı stays itself.
    @Test func turkishIIsFoldedTheDefaultWay() {
        #expect(Username.key(for: "İlker") == "i\u{0307}lker")
        #expect(Username.key(for: "İlker") != Username.key(for: "Ilker"))
        #expect(Username.key(for: "ılık") == "ılık")
        #expect(Username.key(for: "ılık") != Username.key(for: "ILIK"))
    }

    @Test func aKeyIsItsOwnKey() {
        var checked = 0
        for value in 0...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.age != nil else { continue }
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .nonspacingMark, .spacingMark, .decimalNumber, .letterNumber, .otherNumber:
                let key = Username.key(for: "a" + String(scalar))
                #expect(Username.key(for: key) == key, "U+\(String(value, radix: 16))")
                checked += 1
            default:
                continue
            }
        }
        #expect(checked > 100_000)
        for name in ["ǰ", "ΐ", "ﬃ", "ᾈ", "㍿", "ＡＮＡ", "straße"] {
            let key = Username.key(for: name)
            #expect(Username.key(for: key) == key, "\(name)")
        }
    }

    @Test func signingInTriesTheKeyTheSpellingHadBeforeSchema4First() {
        #expect(Username.signInKeys(for: "ana") == ["ana"])
        #expect(Username.signInKeys(for: "Ana") == ["ana"])
        #expect(Username.signInKeys(for: " ＡＮＡ ") == ["ａｎａ", "ana"])
        #expect(Username.signInKeys(for: "straße") == ["straße", "strasse"])
        #expect(Username.signInKeys(for: "STRASSE") == ["strasse"])
        // Any text: a name today's rules refuse still looks its account up.
        #expect(Username.signInKeys(for: "a b") == ["a b"])
    }
}
