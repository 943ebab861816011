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
        // A lone ESC at the end of a read waits for the next (it may begin a sequence cut
        // between reads); with none after it, the driver's `flushEscape` makes it the key.
        var decoder = KeyDecoder()
        #expect(decoder.keys(from: [0x1B]) == [])
        #expect(decoder.isHoldingEscape)
        #expect(decoder.flushEscape() == [.escape])
        #expect(decoder.keys(from: [0x1B, 0x1B]) == [.escape])
        #expect(decoder.flushEscape() == [.escape])
        #expect(decoder.keys(from: [0x1B, UInt8(ascii: "x")]) == [.escape, .character("x")])
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

/// Bracketed paste (issue 42, item 7): what comes between the marks is one `.paste`, however many
/// reads it takes, cleaned to one line of text a field may hold.
@Suite struct BracketedPasteTests {
    static let start = "\u{1B}[200~"
    static let end = "\u{1B}[201~"

    @Test func whatIsBetweenTheMarksIsOnePasteNotKeys() {
        var decoder = KeyDecoder()
        #expect(
            decoder.keys(from: Array("j\(Self.start)q\u{3}n\(Self.end)k".utf8)) == [
                .character("j"), .paste("qn"), .character("k"),
            ])
        #expect(!decoder.isPasting)
    }

    @Test func aPasteOverManyReadsWithItsMarksCutBetweenThem() {
        var decoder = KeyDecoder()
        let bytes = Array("\(Self.start)Zoë O'Brien, striker\(Self.end)x".utf8)
        // Every cut of the bytes in two reads gives the same keys.
        for cut in 1..<bytes.count {
            var decoder = KeyDecoder()
            let keys = decoder.keys(from: Array(bytes[..<cut])) + decoder.keys(from: Array(bytes[cut...]))
            #expect(keys == [.paste("Zoë O'Brien, striker"), .character("x")], "cut at \(cut)")
        }
        // One byte a read.
        let keys = bytes.flatMap { decoder.keys(from: [$0]) }
        #expect(keys == [.paste("Zoë O'Brien, striker"), .character("x")])
    }

    @Test func linesTabsAndEscapeSequencesAreCleaned() {
        var decoder = KeyDecoder()
        let pasted = "a\r\nb\nc\rd\te\u{1B}[31mred\u{1B}[0m\u{1B}]0;title\u{7}f\u{7F}\u{9B}g\u{0}"
        #expect(decoder.keys(from: Array("\(Self.start)\(pasted)\(Self.end)".utf8)) == [.paste("a b c d eredfg")])
        // Bytes that are not UTF-8 are left out.
        #expect(
            decoder.keys(from: Array(Self.start.utf8) + [0xFF, 0x41, 0xC3] + Array(Self.end.utf8)) == [.paste("A")])
    }

    @Test func aPasteIsBoundedAndItsRestReadAndDropped() {
        var decoder = KeyDecoder()
        #expect(decoder.keys(from: Array(Self.start.utf8)) == [])
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 64 * 1024)
        for _ in 0..<8 { #expect(decoder.keys(from: chunk) == []) }
        let keys = decoder.keys(from: Array("\(Self.end)q".utf8))
        #expect(keys.count == 2)
        if case .paste(let text)? = keys.first {
            #expect(text.utf8.count == 256 * 1024)
        } else {
            Issue.record("\(keys)")
        }
        #expect(keys.last == .character("q"))
    }

    @Test func aPasteWhoseEndMarkIsLostEndsWhenTheDriverSaysSo() {
        var decoder = KeyDecoder()
        #expect(decoder.keys(from: Array("\(Self.start)abc\u{1B}[20".utf8)) == [])
        #expect(decoder.isPasting)
        #expect(decoder.endPaste() == [.paste("abc")])
        #expect(!decoder.isPasting)
        #expect(decoder.keys(from: Array("q".utf8)) == [.character("q")])
        #expect(decoder.endPaste() == [])
    }
}
