/// A key as the app sees it, decoded from the bytes a terminal sends.
public enum Key: Equatable, Sendable {
    case character(Character)
    case enter, tab, backTab, backspace, delete, escape
    case up, down, left, right, home, end, pageUp, pageDown
    /// Ctrl with a letter (lower case): Ctrl-C is `.control("c")`.
    case control(Character)
    /// Text the terminal says was pasted (bracketed paste), cleaned (`PastedText`): typed into a
    /// field or line at once, and never taken as keys, so a `q` in it does not quit.
    case paste(String)
    /// A sequence this app does not know (a function key): ignored.
    case unknown
}

/// Turns the bytes read from a terminal into keys. Bytes of an unfinished sequence (a UTF-8
/// character or an escape sequence cut between two reads) are kept for the next call, a lone
/// ESC at the end of a read too: it is the Escape key when the next read does not go on with a
/// sequence, or when the driver has seen no byte after it for a moment (`flushEscape`). Between
/// the bracketed-paste marks (`ESC [ 200 ~` … `ESC [ 201 ~`) bytes are gathered, over as many
/// reads as they take, into one `.paste`.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []
    /// The paste being gathered, while its end mark has not come.
    private var pasted: PastedText?

    public init() {}

    /// Whether a paste has begun and its end mark not come: the driver ends it (`endPaste`)
    /// after a second without bytes, so a lost end mark cannot swallow every later key.
    public var isPasting: Bool { pasted != nil }

    /// Whether the last byte read is a lone ESC, waiting to be the Escape key or to begin a
    /// sequence whose rest is in the next read.
    public var isHoldingEscape: Bool { pasted == nil && pending == [0x1B] }

    /// The held ESC as the Escape key: no byte came after it.
    public mutating func flushEscape() -> [Key] {
        guard isHoldingEscape else { return [] }
        pending.removeAll()
        return [.escape]
    }

    public mutating func keys(from bytes: [UInt8]) -> [Key] {
        pending += bytes
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            if pasted != nil {
                guard let end = PastedText.end(in: pending, from: index) else {
                    // A tail that may be the start of the end mark waits for the next read.
                    let kept = max(index, pending.count - PastedText.endMark.count + 1)
                    pasted!.append(pending[index..<kept])
                    index = kept
                    break
                }
                pasted!.append(pending[index..<end])
                keys.append(.paste(pasted!.text))
                pasted = nil
                index = end + PastedText.endMark.count
                continue
            }
            guard let (key, length) = Self.decode(pending, at: index) else { break }
            if pending[index..<index + length].elementsEqual(PastedText.startMark) {
                pasted = PastedText()
            } else {
                keys.append(key)
            }
            index += length
        }
        pending.removeFirst(index)
        // Junk that never completes (a stray lead byte) must not hold up every later key.
        if pasted == nil, pending.count > 16 { pending.removeAll() }
        return keys
    }

    /// The paste gathered so far, as if its end mark had come (it was lost).
    public mutating func endPaste() -> [Key] {
        guard var paste = pasted else { return [] }
        paste.append(pending[...])
        pending.removeAll()
        pasted = nil
        return [.paste(paste.text)]
    }

    /// The key at `index` and how many bytes it took, or nil when more bytes are needed.
    static func decode(_ bytes: [UInt8], at index: Int) -> (Key, Int)? {
        let byte = bytes[index]
        switch byte {
        case 0x1B: return escape(bytes, at: index)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x01...0x1A: return (.control(Character(UnicodeScalar(byte + 0x60))), 1)
        case 0x00, 0x1C...0x1F: return (.unknown, 1)
        case 0x20...0x7E: return (.character(Character(UnicodeScalar(byte))), 1)
        default: return utf8(bytes, at: index)
        }
    }

    private static func utf8(_ bytes: [UInt8], at index: Int) -> (Key, Int)? {
        let byte = bytes[index]
        let length =
            switch byte {
            case 0xC2...0xDF: 2
            case 0xE0...0xEF: 3
            case 0xF0...0xF4: 4
            default: 0
            }
        guard length > 0 else { return (.unknown, 1) }
        guard index + length <= bytes.count else { return nil }
        guard let text = String(validating: bytes[index..<index + length], as: UTF8.self), let character = text.first
        else { return (.unknown, 1) }
        return (.character(character), length)
    }

    private static func escape(_ bytes: [UInt8], at index: Int) -> (Key, Int)? {
        guard index + 1 < bytes.count else { return nil }
        let next = bytes[index + 1]
        if next == 0x1B { return (.escape, 1) }
        guard next == UInt8(ascii: "[") || next == UInt8(ascii: "O") else {
            return (.escape, 1)  // Alt with a key: taken as Escape, then the key
        }
        // CSI or SS3: parameters, then one final byte in @...~.
        var end = index + 2
        while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else { return end - index > 12 ? (.unknown, end - index) : nil }
        let parameters = String(decoding: bytes[index + 2..<end], as: UTF8.self)
        let length = end - index + 1
        let key: Key =
            switch (bytes[end], parameters) {
            case (UInt8(ascii: "A"), _): .up
            case (UInt8(ascii: "B"), _): .down
            case (UInt8(ascii: "C"), _): .right
            case (UInt8(ascii: "D"), _): .left
            case (UInt8(ascii: "H"), _): .home
            case (UInt8(ascii: "F"), _): .end
            case (UInt8(ascii: "Z"), _): .backTab
            case (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): .home
            case (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): .end
            case (UInt8(ascii: "~"), "3"): .delete
            case (UInt8(ascii: "~"), "5"): .pageUp
            case (UInt8(ascii: "~"), "6"): .pageDown
            default: .unknown
            }
        return (key, length)
    }
}
