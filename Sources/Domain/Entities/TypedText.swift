/// The rules every text a person types obeys (names, teams, form fields, usernames, passwords).
///
/// One rule for length: a "character" in every limit and message is a Unicode scalar. Grapheme
/// clusters (`String.count`) are what a person sees, but one of them can carry thousands of
/// combining marks, so a limit on them bounds nothing.
public enum TypedText {
    public static func length(_ text: String) -> Int {
        text.unicodeScalars.count
    }

    /// Refuses what would break or disguise a one-line rendering of the text: control characters
    /// (C0, DEL, C1), line and paragraph separators, and bidirectional controls (which reorder
    /// what follows them, so a name could pose as another). Joiners stay allowed: emoji sequences
    /// and several scripts need them.
    public static func check(_ text: String, field: String) throws(ClubhouseError) {
        guard let scalar = text.unicodeScalars.first(where: { isForbidden($0) }) else { return }
        if scalar.properties.isBidiControl {
            throw .invalidInput("\(field) must not contain bidirectional control characters (\(codePoint(scalar)))")
        }
        throw .invalidInput("\(field) must not contain control characters such as line breaks")
    }

    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
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
        var slice = Substring.UnicodeScalarView(unicodeScalars)
        while let first = slice.first, first.properties.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.properties.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}
