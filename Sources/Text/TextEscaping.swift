import Clubhouse

/// How text from the database or from arguments is shown to people, so that a stored name can
/// neither forge lines, send terminal escape sequences, reorder what is around it nor hide part of
/// itself. Shown as escapes:
/// - control characters (C0, DEL, C1) and the line and paragraph separators: `\e` (ESC), `\n`,
///   `\t`, `\r`, else `\u{7F}` (hex, as Swift spells it);
/// - bidirectional controls (U+202A–202E, U+2066–2069, U+200E, U+200F, U+061C), every other
///   format character, default-ignorable code point (zero-width space, word joiner, Hangul fillers,
///   tag characters…) and noncharacter: `\u{202E}`;
/// - the backslash itself, as `\\`, so that every escape reads back one way only.
/// A few invisible characters are part of ordinary text and stay as they are where they do that
/// job: ZWJ and ZWNJ between two non-ASCII characters (emoji sequences, Indic and Arabic scripts),
/// a variation selector right after the character it selects a form of (U+FE00–FE0F after a
/// non-ASCII character or a keycap base 0–9 # *, U+E0100–E01EF after an ideograph), tag characters
/// in an emoji tag sequence (🏴 then tags, as in the flag of England), Mongolian free variation
/// selectors after a Mongolian letter. Anywhere else they are escaped like the rest.
/// `--json` never goes through this: JSON is exact.
public enum TextEscaping {
    /// `text` escaped and between double quotes, a quote inside it spelled `\"`: what a draft
    /// field shows, so that one value can never read as two (`name="a", age="31"`).
    public static func quoted(_ text: String) -> String {
        let inner = escaped(text)
        return "\"" + (inner.contains("\"") ? inner.replacingOccurrences(of: "\"", with: "\\\"") : inner) + "\""
    }

    public static func escaped(_ text: String) -> String {
        // Most text has nothing to escape: returned as it is, nothing allocated.
        if isPlain(text) || text.unicodeScalars.allSatisfy({ DisplayWidth.plainWidth($0) != nil }) { return text }
        var out = ""
        var started = false  // nothing is copied until the first escape
        var scan = EscapeScan(text)
        while let step = scan.next() {
            if !step.escape {
                if started { out.unicodeScalars.append(step.scalar) }
                continue
            }
            if !started {
                started = true
                out.reserveCapacity(text.utf8.count + 16)
                out.unicodeScalars.append(contentsOf: text.unicodeScalars[..<step.position])
            }
            out += spelling(step.scalar)
        }
        return started ? out : text
    }

    /// `text` escaped and, when that passes `limit` Unicode scalars, cut short between characters,
    /// never inside an escape or a grapheme; `isCut` says whether it was.
    public static func escaped(_ text: String, limit: Int) -> (text: String, isCut: Bool) {
        let shown = escaped(text)
        guard shown.unicodeScalars.count > limit else { return (shown, false) }
        // Each character escaped alone is at least as long as in context: cut where that reaches
        // the limit, then escape the part kept in one go.
        var length = 0
        var end = text.startIndex
        for character in text {
            length += escaped(String(character)).unicodeScalars.count
            if length > limit { break }
            end = text.index(after: end)
        }
        return (escaped(String(text[..<end])), true)
    }

    /// Printable ASCII without a backslash, which is shown as it is, one column a byte.
    public static func isPlain(_ text: String) -> Bool {
        let plain = text.utf8.withContiguousStorageIfAvailable { !$0.contains(where: isNotPlain) }
        return plain ?? !text.utf8.contains(where: isNotPlain)
    }

    /// A byte that keeps a text from being plain (`PlainText`): a control, non-ASCII, or the backslash.
    public static func isNotPlain(_ byte: UInt8) -> Bool {
        !PlainText.isPlain(byte)
    }

    /// How many terminal columns `text` takes once shown escaped.
    public static func shownWidth(_ text: String) -> Int {
        if isPlain(text) { return text.utf8.count }
        var width = 0
        for scalar in text.unicodeScalars {
            guard let columns = DisplayWidth.plainWidth(scalar) else { return DisplayWidth.of(escaped(text)) }
            width += columns
        }
        return width
    }

    private static func spelling(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\\": "\\\\"
        case "\u{1B}": "\\e"
        case "\n": "\\n"
        case "\t": "\\t"
        case "\r": "\\r"
        default: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }
    }
}

/// Walks the scalars of a text, saying of each whether it is shown escaped: the decision needs
/// the scalars around it (a ZWJ inside an emoji sequence stays, a stray one does not).
private struct EscapeScan {
    private let scalars: String.UnicodeScalarView
    private var index: String.UnicodeScalarView.Index
    private var previous: Unicode.Scalar?  // nil at the start and after an escaped scalar
    private var inTagSequence = false

    init(_ text: String) {
        scalars = text.unicodeScalars
        index = scalars.startIndex
    }

    mutating func next() -> (position: String.UnicodeScalarView.Index, scalar: Unicode.Scalar, escape: Bool)? {
        guard index < scalars.endIndex else { return nil }
        let position = index
        let scalar = scalars[index]
        scalars.formIndex(after: &index)
        let next = index < scalars.endIndex ? scalars[index] : nil
        let escape = Self.needsEscape(scalar, previous: previous, next: next, inTagSequence: inTagSequence)
        // 🏴 starts an emoji tag sequence; CANCEL TAG (U+E007F) ends it.
        inTagSequence =
            !escape && scalar.value != 0xE007F && (scalar.value == 0x1F3F4 || (inTagSequence && Self.isTag(scalar)))
        previous = escape ? nil : scalar
        return (position, scalar, escape)
    }

    /// `previous` is nil when there is none or it was escaped itself.
    private static func needsEscape(
        _ scalar: Unicode.Scalar, previous: Unicode.Scalar?, next: Unicode.Scalar?, inTagSequence: Bool
    ) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value < 0x20 || value == 0x7F || value == 0x5C }
        if value < 0xA0 { return true }  // C1 controls
        let properties = scalar.properties
        switch properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .surrogate: return true
        case .format: break
        default:
            guard properties.isDefaultIgnorableCodePoint || properties.isNoncharacterCodePoint else { return false }
        }
        // An invisible character: shown as it is only where it does its job in ordinary text.
        switch value {
        case 0x200C, 0x200D:
            guard let previous, let next else { return true }
            return !isJoinable(previous) || !isJoinable(next)
        case 0xFE00...0xFE0F:
            guard let previous else { return true }
            let keycapBase = previous == "#" || previous == "*" || ("0"..."9").contains(previous)
            return !(keycapBase || (isJoinable(previous) && !isMark(previous)))
        case 0xE0100...0xE01EF:
            return !(previous?.properties.isIdeographic ?? false)
        case 0xE0020...0xE007F:
            return !inTagSequence
        case 0x180B...0x180D, 0x180F:
            return !(previous.map { (0x1820...0x1878).contains($0.value) } ?? false)
        default:
            return true
        }
    }

    /// A visible non-ASCII character that a joiner or a selector can attach to.
    private static func isJoinable(_ scalar: Unicode.Scalar) -> Bool {
        guard !scalar.isASCII else { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .surrogate, .unassigned,
            .privateUse:
            return false
        default:
            return !scalar.properties.isDefaultIgnorableCodePoint || (0xFE00...0xFE0F).contains(scalar.value)
        }
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    private static func isTag(_ scalar: Unicode.Scalar) -> Bool {
        (0xE0020...0xE007F).contains(scalar.value)
    }
}
