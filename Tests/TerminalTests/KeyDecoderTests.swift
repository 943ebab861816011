import Testing

@testable import ClubhouseTerminal

/// Bytes from a terminal to keys.
@Suite struct KeyDecoderTests {
    func keys(_ text: String) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.keys(from: Array(text.utf8))
    }

    @Test func lettersArrowsAndControls() {
        #expect(keys("jk") == [.character("j"), .character("k")])
        #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
        #expect(
            keys("\u{1B}OA\u{1B}[H\u{1B}[F\u{1B}[5~\u{1B}[6~\u{1B}[3~") == [
                .up, .home, .end, .pageUp, .pageDown, .delete,
            ])
        #expect(keys("\r\t\u{7F}\u{3}") == [.enter, .tab, .backspace, .control("c")])
        #expect(keys("\u{1B}[Z") == [.backTab])
        #expect(keys("\u{1B}") == [.escape])
        #expect(
            keys("Zoë李👍🏽") == [
                .character("Z"), .character("o"), .character("ë"), .character("李"), .character("👍"), .character("🏽"),
            ])
    }

    @Test func aSequenceCutBetweenReadsIsKeptForTheNext() {
        var decoder = KeyDecoder()
        #expect(decoder.keys(from: [0x1B, UInt8(ascii: "[")]) == [])
        #expect(decoder.keys(from: [UInt8(ascii: "B")]) == [.down])
        let bytes = Array("ë".utf8)
        #expect(decoder.keys(from: [bytes[0]]) == [])
        #expect(decoder.keys(from: [bytes[1]]) == [.character("ë")])
    }

    @Test func junkNeverHoldsUpLaterKeys() {
        var decoder = KeyDecoder()
        #expect(decoder.keys(from: [0xFF, 0xC0, UInt8(ascii: "q")]) == [.unknown, .unknown, .character("q")])
        #expect(decoder.keys(from: Array("\u{1B}[99;99;99;99;99;99;99".utf8)) == [.unknown])
        #expect(decoder.keys(from: Array("x".utf8)) == [.character("x")])
    }
}
