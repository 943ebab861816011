import ClubhouseText

/// The CLI's spelling of the shared text rules (module ClubhouseText, which the terminal app uses
/// too): how untrusted text is escaped and how wide it is shown. See `TextEscaping` for the rules.
typealias DisplayWidth = ClubhouseText.DisplayWidth

extension TextOutput {
    static func quoted(_ text: String) -> String { TextEscaping.quoted(text) }

    static func escaped(_ text: String) -> String { TextEscaping.escaped(text) }

    static func escaped(_ text: String, limit: Int) -> (text: String, isCut: Bool) {
        TextEscaping.escaped(text, limit: limit)
    }

    static func isPlain(_ text: String) -> Bool { TextEscaping.isPlain(text) }

    static func isNotPlain(_ byte: UInt8) -> Bool { TextEscaping.isNotPlain(byte) }

    static func shownWidth(_ text: String) -> Int { TextEscaping.shownWidth(text) }
}
