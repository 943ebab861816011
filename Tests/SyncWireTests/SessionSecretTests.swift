import ClubhouseSyncWire
import Testing

/// The one shape of a token or a device cookie, as both sides check it.
struct SessionSecretTests {
    static let good = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123-_9"
    static let oneShort = String(good.dropLast())

    /// Each wrong in one way: empty, one short, one long, a base64 (not base64url) character,
    /// padding, a space, a letter outside ASCII (the right length in bytes), a NUL.
    static let malformed: [String] = [
        "", oneShort, good + "a", oneShort + "+", oneShort + "/", oneShort + "=", oneShort + " ",
        String(good.dropLast(2)) + "é", oneShort + "\u{0}",
    ]

    @Test func fortyThreeBase64URLCharactersAreWellFormed() {
        #expect(Self.good.utf8.count == SessionSecret.length)
        #expect(SessionSecret.isWellFormed(Self.good))
        #expect(SessionSecret.isWellFormed(Self.good[...]))
    }

    @Test(arguments: malformed)
    func anythingElseIsNot(_ text: String) {
        #expect(!SessionSecret.isWellFormed(text))
    }
}
