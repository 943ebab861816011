/// The rules every text a person types obeys (names, teams, form fields, usernames, passwords).
///
/// One rule for length: a "character" in every limit and message is a Unicode scalar. Grapheme
/// clusters (`String.count`) are what a person sees, but one of them can carry thousands of
/// combining marks, so a limit on them bounds nothing.
public enum TypedText {
    public static func length(_ text: String) -> Int {
        // Every scalar starts with one byte that is not a UTF-8 continuation byte (10xxxxxx):
        // counting those is the scalar count without decoding.
        var text = text
        return text.withUTF8 { bytes in bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) } }
    }

    /// The longest start of `text` of at most `longest` in `length`'s count, in whole characters
    /// (a cut never leaves half an é or a family emoji): what a field typed or pasted into keeps.
    public static func prefix(_ text: String, _ longest: Int) -> String {
        guard length(text) > longest else { return text }
        var kept = ""
        var count = 0
        for character in text {
            count += character.unicodeScalars.count
            if count > longest { break }
            kept.append(character)
        }
        return kept
    }

    /// What a message quotes of text a person or a program gave: its first 40 characters, and
    /// "…" when there was more, so that a message stays one line for people whatever was given.
    public static func excerpt(_ text: some StringProtocol) -> String {
        text.count > 40 ? text.prefix(40) + "…" : String(text)
    }

    /// Refuses what would break or disguise a one-line rendering of the text: control characters
    /// (C0, DEL, C1), line and paragraph separators, and bidirectional controls (which reorder
    /// what follows them, so a name could pose as another). Joiners stay allowed: emoji sequences
    /// and several scripts need them.
    public static func check(_ text: String, field: @autoclosure () -> String) throws(ClubhouseError) {
        // Printable ASCII, byte by byte, is what nearly every field is (and every field of an
        // imported file is checked).
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return }
        guard let scalar = text.unicodeScalars.first(where: { isForbidden($0) }) else { return }
        if scalar.properties.isBidiControl {
            throw .invalidInput("\(field()) must not contain bidirectional control characters (\(codePoint(scalar)))")
        }
        throw .invalidInput("\(field()) must not contain control characters such as line breaks")
    }

    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII has only C0 and DEL to refuse; skipping the property tables there made the
        // check (run on every field of an imported file) several times faster.
        if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F }
        return switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: scalar.properties.isBidiControl
        }
    }

    /// `U+202E`: how a message names a character without printing it.
    public static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(4 - hex.count, 0)) + hex
    }
}

extension String {
    /// Without surrounding white space as Unicode defines it, scalar by scalar. Not Foundation's
    /// wider set, which also holds U+200B; not by grapheme cluster, which would also drop a mark
    /// that follows a space (a compatibility form such as U+FE70's).
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, Self.isWhitespace(scalars[start]) { scalars.formIndex(after: &start) }
        while start < end, Self.isWhitespace(scalars[scalars.index(before: end)]) { scalars.formIndex(before: &end) }
        if start == scalars.startIndex, end == scalars.endIndex { return self }
        // Through Substring, which copies the bytes at once: building a String from the scalar
        // view appends scalar by scalar, and cost an import of 50 000 books seconds.
        return String(Substring(scalars[start..<end]))
    }

    /// Unicode's White_Space; in ASCII that is tab to carriage return and the space, which
    /// spares the property tables a lookup for nearly every character of imported files.
    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar == " " || (0x09...0x0D).contains(scalar.value) }
        return scalar.properties.isWhitespace
    }
}
