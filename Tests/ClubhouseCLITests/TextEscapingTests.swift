import Testing

@testable import ClubhouseCLI

/// `TextOutput.escaped`: what people are shown of stored or typed text.
@Suite struct TextEscapingTests {
    @Test func leavesOrdinaryTextAlone() {
        for text in [
            "", "Zoë O'Brien", "李小龍", "Straße", "👨\u{200D}👩\u{200D}👧", "🏳\u{FE0F}\u{200D}🌈", "❤\u{FE0F}",
            "1\u{FE0F}\u{20E3}", "👍🏽", "🇦🇷", "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}",
            "می\u{200C}خواهم", "क्\u{200D}ष", "葛\u{E0100}", "\u{1820}\u{180B}", "Z\u{0336}\u{0336}\u{0336}",
            "e\u{0301}", "\u{1100}\u{1161}\u{11A8}", "a b", "tab\u{A0}nbsp",
        ] {
            #expect(TextOutput.escaped(text) == text, "\(text.unicodeScalars.map(\.value))")
        }
    }

    /// A quoted draft value: one value always reads as one, whatever quotes or backslashes it holds.
    @Test func quotesAValueSoThatItNeverReadsAsTwo() {
        #expect(TextOutput.quoted(#"a", age="31"#) == #""a\", age=\"31""#)
        #expect(TextOutput.quoted(#"back\slash"#) == #""back\\slash""#)
        #expect(TextOutput.quoted(#"\""#) == #""\\\"""#)
        #expect(TextOutput.quoted("Zoë") == "\"Zoë\"")
        #expect(TextOutput.quoted("\u{1B}[2J") == #""\e[2J""#)
    }

    @Test func showsControlCharactersAsEscapes() {
        #expect(TextOutput.escaped("\u{1B}[2J") == #"\e[2J"#)
        #expect(TextOutput.escaped("\u{1B}]0;title\u{07}") == #"\e]0;title\u{7}"#)
        #expect(TextOutput.escaped("Ana\n99  Fake  30") == #"Ana\n99  Fake  30"#)
        #expect(TextOutput.escaped("a\tb\rc") == #"a\tb\rc"#)
        #expect(TextOutput.escaped("\u{0}\u{8}\u{7F}") == #"\u{0}\u{8}\u{7F}"#)
        #expect(TextOutput.escaped("\u{85}\u{9B}31m\u{9F}") == #"\u{85}\u{9B}31m\u{9F}"#)
        #expect(TextOutput.escaped("a\u{2028}b\u{2029}") == #"a\u{2028}b\u{2029}"#)
    }

    @Test func showsBidirectionalControlsAsEscapes() {
        let controls: [UInt32] = [
            0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x61C,
        ]
        for value in controls {
            let scalar = Unicode.Scalar(value)!
            let hex = String(value, radix: 16, uppercase: true)
            #expect(TextOutput.escaped("abc\(scalar)李") == "abc\\u{\(hex)}李")
            #expect(TextOutput.escaped("李\(scalar)李") == "李\\u{\(hex)}李")
        }
        #expect(TextOutput.escaped("\u{202E}evil\u{202C}.exe") == #"\u{202E}evil\u{202C}.exe"#)
    }

    @Test func showsInvisibleCharactersAsEscapes() {
        #expect(TextOutput.escaped("admin\u{200B}") == #"admin\u{200B}"#)
        #expect(TextOutput.escaped("a\u{2060}b\u{FEFF}c\u{AD}d") == #"a\u{2060}b\u{FEFF}c\u{AD}d"#)
        #expect(TextOutput.escaped("\u{3164}") == #"\u{3164}"#)  // the Hangul filler, a "blank" name
        #expect(TextOutput.escaped("x\u{034F}\u{180E}\u{FFFE}") == #"x\u{34F}\u{180E}\u{FFFE}"#)
        // Tag characters outside an emoji tag sequence smuggle hidden ASCII.
        #expect(TextOutput.escaped("hi\u{E0068}\u{E0069}") == #"hi\u{E0068}\u{E0069}"#)
    }

    @Test func showsJoinersAndSelectorsAsEscapesWhereTheyJoinNothing() {
        #expect(TextOutput.escaped("a\u{200D}b") == #"a\u{200D}b"#)
        #expect(TextOutput.escaped("a\u{200C}b") == #"a\u{200C}b"#)
        #expect(TextOutput.escaped("\u{200D}👨") == #"\u{200D}👨"#)
        #expect(TextOutput.escaped("👨\u{200D}") == #"👨\u{200D}"#)
        #expect(TextOutput.escaped("👨\u{200D}\u{200D}👩") == #"👨\u{200D}\u{200D}👩"#)
        #expect(TextOutput.escaped("a\u{FE0F}") == #"a\u{FE0F}"#)
        #expect(TextOutput.escaped("\u{FE0F}") == #"\u{FE0F}"#)
        #expect(TextOutput.escaped("❤\u{FE0F}\u{FE0F}") == #"❤️\u{FE0F}"#)
        #expect(TextOutput.escaped("x\u{E0100}") == #"x\u{E0100}"#)
        #expect(TextOutput.escaped("\u{1B}\u{FE0F}") == #"\e\u{FE0F}"#)
    }

    @Test func doublesTheBackslashSoEveryEscapeReadsBackOneWay() {
        #expect(TextOutput.escaped(#"back\slash"#) == #"back\\slash"#)
        // The six characters \e[2J and the escape sequence ESC [2J are shown differently.
        #expect(TextOutput.escaped(#"\e[2J"#) == #"\\e[2J"#)
        #expect(TextOutput.escaped("\u{1B}[2J") == #"\e[2J"#)
    }

    @Test func readsBackToTheSameText() {
        var generator = SystemRandomNumberGenerator()
        let pool: [Unicode.Scalar] =
            [
                "a", "\\", "e", "u", "{", "}", "\n", "\u{1B}", "\u{7F}", "\u{9B}", "\u{200D}", "\u{200C}", "\u{FE0F}",
                "\u{202E}",
                "\u{E0067}", "\u{E007F}", "🏴", "👨", "李", "\u{0301}", " ",
            ]
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...12, using: &generator)
            let text = String(
                String.UnicodeScalarView((0..<length).map { _ in pool.randomElement(using: &generator)! }))
            let shown = TextOutput.escaped(text)
            #expect(Self.unescape(shown) == text, "\(text.unicodeScalars.map(\.value))")
            #expect(!shown.unicodeScalars.contains { Self.isDangerous($0) }, "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test func neverShowsAControlOrBidiCharacterRaw() {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), Self.isDangerous(scalar) else { continue }
            for text in ["\(scalar)", "李\(scalar)李", "👨\(scalar)👩", "a\(scalar)"] {
                #expect(!TextOutput.escaped(text).unicodeScalars.contains { Self.isDangerous($0) }, "U+\(value)")
            }
        }
    }

    @Test func cutsALongMessageBetweenCharacters() {
        let message = "unknown player '" + String(repeating: "\u{1B}", count: 10_000) + "'"
        let line = Output.line(message)
        #expect(line.hasSuffix("… (cut short)"))
        #expect(line.hasPrefix(#"unknown player '\e\e"#))
        #expect(!line.dropLast("… (cut short)".count).hasSuffix("\\"))  // never half an escape
        #expect(line.unicodeScalars.count <= 400 + "… (cut short)".count)
        #expect(Output.line("line one\nline two") == #"line one\nline two"#)
    }

    /// Controls, separators and bidi controls: never raw on the terminal, in any context.
    static func isDangerous(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x61C: true
        default: false
        }
    }

    /// The escapes read back: `\\`, `\e`, `\n`, `\t`, `\r`, `\u{HEX}`.
    static func unescape(_ shown: String) -> String? {
        var out = String.UnicodeScalarView()
        var scalars = shown.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\\" else {
                out.append(scalar)
                continue
            }
            switch scalars.next() {
            case "\\": out.append("\\")
            case "e": out.append("\u{1B}")
            case "n": out.append("\n")
            case "t": out.append("\t")
            case "r": out.append("\r")
            case "u":
                guard scalars.next() == "{" else { return nil }
                var hex = ""
                while let digit = scalars.next(), digit != "}" { hex.unicodeScalars.append(digit) }
                guard let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) else { return nil }
                out.append(decoded)
            default: return nil
            }
        }
        return String(out)
    }
}
