import ClubhouseDomain
import Testing

/// Look-alike usernames (issue 42, item 10): which names share a skeleton, and which are refused
/// for mixing scripts or number systems.
@Suite struct UsernameSkeletonTests {
    /// Each pair registered twice before; now the second is a look-alike of the first.
    static let lookAlikes: [(String, String)] = [
        ("ana", "\u{0430}na"),  // Cyrillic а, then Latin n, a
        ("pope", "\u{0440}\u{043E}\u{0440}\u{0435}"),  // роре: all Cyrillic
        ("pope", "p\u{03BF}pe"),  // Greek ο (refused anyway: two scripts)
        ("user1", "user\u{0661}"),  // an Arabic-Indic one
        ("ana", "a\u{1E47}a"),  // ṇ: a dot below
        ("ana", "\u{0391}\u{039D}\u{0391}"),  // ΑΝΑ: Greek capitals
        ("zoe", "Zoë"),
        ("lan", "Ian"),  // a capital I reads as an l
        ("ana", "ＡＮＡ"),  // the key's own folding
        ("ola", "\u{00F8}la"),  // ø: an o with a stroke
    ]

    @Test(arguments: lookAlikes)
    func lookAlikesShareASkeleton(_ first: String, _ second: String) {
        #expect(Username.skeleton(for: first) == Username.skeleton(for: second), "\(first) and \(second)")
    }

    @Test(arguments: [
        ("ana", "anna"), ("kai", "kay"), ("ana", "ama"),
        // A script's own vowel sign is no accent: कुल and कल are two names.
        ("\u{0915}\u{0941}\u{0932}", "\u{0915}\u{0932}"),
        ("李小龍", "李小龙"),
    ])
    func namesThatDoNotLookAlikeDoNot(_ first: String, _ second: String) {
        #expect(Username.skeleton(for: first) != Username.skeleton(for: second), "\(first) and \(second)")
    }

    @Test(arguments: ["ana", "аna", "ΑΝΑ", "Ian", "straße", "aṇa", "user١", "नमस्ते", "ＡＮＡ", "ø", "İlker"])
    func theSkeletonOfASkeletonIsItself(_ name: String) {
        let skeleton = Username.skeleton(for: name)
        #expect(Username.skeleton(for: skeleton) == skeleton)
    }

    @Test func aUsernameCarriesItsSkeleton() throws {
        #expect(try Username("Ana").skeleton == Username.skeleton(for: "ana"))
        #expect(try Username("роре").skeleton == "pope")
    }

    @Test func aNameOfTwoScriptsIsRefusedNamingThem() {
        #expect(
            throws: ClubhouseError.invalidInput(
                "username mixes scripts (Cyrillic and Latin): write it in one, so that it cannot pass for another name")
        ) { try Username("\u{0430}na") }
        #expect(
            throws: ClubhouseError.invalidInput(
                "username mixes scripts (Latin and Greek): write it in one, so that it cannot pass for another name")
        ) { try Username("p\u{03BF}pe") }
        #expect(
            throws: ClubhouseError.invalidInput(
                "username mixes scripts (Latin and Arabic): write it in one, so that it cannot pass for another name")
        ) { try Username("user\u{0661}") }
    }

    @Test func digitsOfTwoSystemsAreRefused() {
        #expect(
            throws: ClubhouseError.invalidInput(
                "username mixes digits of different number systems: use one, so that it cannot pass for another name")
        ) { try Username("\u{0967}23") }  // Devanagari १ with 2 and 3
    }

    /// One script, with the digits and punctuation every script shares, and the mixtures Japanese,
    /// Chinese and Korean are written in.
    @Test(arguments: [
        "роре", "иван_2", "Ἀλέξανδρος", "ΑΝΑ", "नमस्ते", "李小龍", "山田taro", "やまだ太郎", "김민준", "ana.b_c-9", "١٢٣",
        "aṇa", "ＡＮＡ",
    ])
    func oneScriptIsAccepted(_ name: String) throws {
        #expect(try Username(name).display == name)
    }

    /// The skeletons come from Foundation's ICU; a toolchain that carries other data moves stored
    /// skeletons, so it must be a decision (docs/server.md, "Look-alike usernames").
    @Test func theConfusableDataIsFoundationsAndPinned() {
        #expect(Username.detectsLookAlikes)
        #expect(Username.confusablesVersion == "16.0")
    }
}
