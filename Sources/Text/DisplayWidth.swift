/// How many terminal columns text takes, measured per grapheme cluster (`Character`), as
/// terminals that follow Unicode draw it:
/// - East Asian Wide and Fullwidth characters and emoji take two columns; ambiguous ones one.
/// - Combining and enclosing marks, format characters (joiners, bidi controls), variation
///   selectors and other default-ignorable code points take none; Hangul vowel and final jamo join
///   the leading consonant, which is wide; a spacing mark takes a column of its own.
/// - An emoji cluster is as wide as its first emoji: a flag (two regional indicators), a skin tone
///   or a ZWJ family is one picture two columns wide; VS16 makes a text-style emoji wide.
/// Control characters count nothing: text must be escaped (`TextEscaping.escaped`) before it is
/// measured, and then each escape counts as the characters it is shown with.
/// Checked against Python's wcwidth in DisplayWidthTests, where the few deliberate differences
/// are listed.
public enum DisplayWidth {
    public static func of(_ text: String) -> Int {
        // Most cells are ASCII; their width is their length, with no Unicode work at all.
        var ascii = true
        for byte in text.utf8 where byte >= 0x80 {
            ascii = false
            break
        }
        if ascii { return text.utf8.count }

        // Most other text (accented Latin, Greek, Cyrillic, kana, CJK, Hangul syllables) is one
        // cluster per scalar: summed without breaking it into clusters.
        var width = 0
        for scalar in text.unicodeScalars {
            guard let columns = plainWidth(scalar) else { return clusterWidth(text) }
            width += columns
        }
        return width
    }

    private static func clusterWidth(_ text: String) -> Int {
        var width = 0
        for character in text {
            width += of(character)
        }
        return width
    }

    /// The width of a scalar that is always a grapheme cluster of its own and never escaped,
    /// found without a property lookup; nil for any other (which then takes the full road).
    /// None of these ranges holds a mark, joiner, format character, Hangul jamo, regional
    /// indicator or prepended character, so no cluster spans two of them.
    public static func plainWidth(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar.value {
        case 0x20...0x5B, 0x5D...0x7E: 1  // printable ASCII but the backslash, which is escaped
        case 0xA0...0xAC, 0xAE...0x2FF, 0x370...0x377, 0x37A...0x37F, 0x384...0x482: 1  // Latin, Greek, Cyrillic
        case 0x3041...0x3096, 0x30A1...0x30FA, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3: 2  // kana, CJK, Hangul
        default: nil
        }
    }

    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        var iterator = scalars.makeIterator()
        guard let first = iterator.next() else { return 0 }
        var width = of(first)
        guard let second = iterator.next() else { return width }
        if isRegionalIndicator(first) { return 2 }  // a flag, or a lone indicator (wide itself)
        let emoji = isEmojiBase(first)
        let picture = emoji && !first.isASCII
        var joined = false
        var next: Unicode.Scalar? = second
        while let scalar = next {
            next = iterator.next()
            switch scalar.value {
            case 0xFE0F where emoji:
                width = max(width, 2)  // VS16: emoji presentation
            case 0x200D where picture:
                joined = true  // what follows is drawn into the same picture
            case 0x1F3FB...0x1F3FF where picture:
                break  // a skin tone changes the picture, not its size
            default:
                if !joined { width += of(scalar) }
            }
        }
        return width
    }

    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value >= 0x20 ? 1 : 0 }
        if value < 0xA0 { return 0 }  // DEL and C1 controls: escaped before they are shown
        if value == 0xAD { return 1 }  // the soft hyphen is drawn as a hyphen
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .lineSeparator, .paragraphSeparator, .control:
            return 0
        case .format:
            return isPrependedConcatenationMark(value) ? 1 : 0
        case .spacingMark:
            return 1  // with a base or without: a cluster that starts with one joins the cell before
        default:
            break
        }
        switch value {
        case 0x1160...0x11FF, 0xD7B0...0xD7FF: return 0  // Hangul vowels and finals join a consonant
        case 0x1100...0x115F, 0xA960...0xA97F: return 2  // Hangul leading consonants (the filler too)
        default: break
        }
        if properties.isDefaultIgnorableCodePoint { return 0 }  // Hangul fillers, tags, selectors
        if EastAsianWide.contains(value) || properties.isEmojiPresentation { return 2 }
        return 1
    }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    /// Whether the cluster starting with `scalar` is drawn as an emoji picture when followed by
    /// VS16, a skin tone or a ZWJ: emoji, and of ASCII only the keycap bases.
    private static func isEmojiBase(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.properties.isEmoji else { return false }
        return !scalar.isASCII || scalar == "#" || scalar == "*" || ("0"..."9").contains(scalar)
    }

    /// Format characters that are drawn: they carry the number they stand before.
    private static func isPrependedConcatenationMark(_ value: UInt32) -> Bool {
        switch value {
        case 0x600...0x605, 0x6DD, 0x70F, 0x890...0x891, 0x8E2, 0x110BD, 0x110CD: true
        default: false
        }
    }
}
