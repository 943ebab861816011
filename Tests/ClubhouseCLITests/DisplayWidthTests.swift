import Foundation
import Testing

@testable import ClubhouseCLI

/// DisplayWidth against an independent reference: Reference/widths.txt, made from Python's
/// wcwidth 0.7.0 by Reference/make_widths.py (run it again to refresh; CI does not need Python).
@Suite struct DisplayWidthTests {
    struct Case: CustomTestStringConvertible {
        let text: String
        let expected: Int
        let wcwidth: Int
        let note: String
        let excluded: Bool

        var testDescription: String {
            "\(text.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")) (\(note))"
        }
    }

    /// Every line of the fixture; `!` lines are the deliberate differences from wcwidth, with the
    /// width DisplayWidth gives instead.
    static let cases: [Case] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Reference/widths.txt")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line -> Case? in
            guard !line.hasPrefix("#") else { return nil }
            let excluded = line.hasPrefix("!")
            let fields = line.dropFirst(excluded ? 1 : 0).split(separator: "\t", omittingEmptySubsequences: false)
            let scalars = fields[0].split(separator: " ").compactMap {
                UInt32($0, radix: 16).flatMap(Unicode.Scalar.init)
            }
            guard fields.count >= 3, let wcwidth = Int(fields[1]) else { return nil }
            let expected = excluded ? Int(fields[2]) : wcwidth
            guard let expected else { return nil }
            return Case(
                text: String(String.UnicodeScalarView(scalars)), expected: expected, wcwidth: wcwidth,
                note: String(fields[excluded ? 3 : 2]), excluded: excluded)
        }
    }()

    @Test func theReferenceIsThere() {
        // A few hundred cases, covering every category make_widths.py writes.
        #expect(Self.cases.count > 500)
        let notes = Set(Self.cases.map(\.note))
        for category in [
            "ascii", "combining", "zero-width", "cjk", "hangul", "jamo", "emoji", "emoji-vs16", "emoji-vs15",
            "emoji-skin", "emoji-zwj", "flags", "keycaps", "indic", "any-bmp", "any-astral",
        ] {
            #expect(notes.contains(category), "\(category)")
        }
    }

    @Test(arguments: cases) func matchesWcwidth(_ sample: Case) {
        #expect(DisplayWidth.of(sample.text) == sample.expected)
    }

    @Test func theDeliberateDifferencesAreFewAndStillDifferences() {
        let excluded = Self.cases.filter(\.excluded)
        #expect(excluded.count == 4)
        for sample in excluded {
            #expect(sample.expected != sample.wcwidth, "\(sample.testDescription)")
        }
        // ZWJ between ASCII letters: wcwidth skips the letter after it, terminals draw it.
        #expect(excluded.contains { $0.text == "ab\u{200D}cd" && $0.expected == 4 })
        // A lone spacing mark: one column here, none in wcwidth.
        #expect(
            excluded.filter { $0.note.hasPrefix("a spacing mark") }.map(\.text) == ["\u{302F}", "\u{1031}", "\u{A8C1}"])
    }

    /// The shortcut for common scripts gives what the full road gives: each of its scalars is a
    /// cluster of its own beside any other, needs no escape, and is as wide as measured alone.
    @Test func thePlainShortcutAgreesWithTheFullRoad() {
        let neighbours: [Unicode.Scalar] = [
            "a", "~", "\u{A0}", "\u{2FF}", "\u{482}", "\u{3041}", "李", "\u{AC00}", "\u{D7A3}",
        ]
        var checked = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), let plain = DisplayWidth.plainWidth(scalar) else { continue }
            checked += 1
            if plain != DisplayWidth.of(Character(scalar)) { Issue.record("width of U+\(String(value, radix: 16))") }
            // A backslash takes the escaping past its shortcut, so every scalar is looked at.
            if TextOutput.escaped("\(scalar)\\") != "\(scalar)\\\\" {
                Issue.record("escape of U+\(String(value, radix: 16))")
            }
            for other in neighbours where "\(other)\(scalar)\(other)".count != 3 {
                Issue.record("U+\(String(value, radix: 16)) joins U+\(String(other.value, radix: 16))")
            }
        }
        #expect(checked == 39_902)
    }

    @Test func measuresEachGraphemeClusterOnce() {
        #expect(DisplayWidth.of("") == 0)
        #expect(DisplayWidth.of("Ana") == 3)
        #expect(DisplayWidth.of("李小龍") == 6)
        #expect(DisplayWidth.of("🇦🇷🇧🇷") == 4)
        #expect(DisplayWidth.of("👨\u{200D}👩\u{200D}👧\u{200D}👦") == 2)
        #expect(DisplayWidth.of("👍🏽") == 2)
        #expect(DisplayWidth.of("❤\u{FE0F}") == 2)
        #expect(DisplayWidth.of("❤") == 1)
        #expect(DisplayWidth.of("Z" + String(repeating: "\u{0336}", count: 10_000)) == 1)
        #expect(DisplayWidth.of("\u{1100}\u{1161}\u{11A8}") == 2)
        #expect(DisplayWidth.of("a\u{200B}b") == 2)
    }

    @Test func escapedTextCountsAsItsEscapes() {
        #expect(TextOutput.shownWidth("\u{1B}[2J") == 5)  // \e[2J
        #expect(TextOutput.shownWidth("a\u{200B}b") == 10)  // a\u{200B}b
        #expect(TextOutput.shownWidth("\u{202E}李") == 10)  // \u{202E}李
        #expect(TextOutput.shownWidth(#"a\b"#) == 4)  // a\\b
        #expect(TextOutput.shownWidth("🇦🇷") == 2)
    }
}
