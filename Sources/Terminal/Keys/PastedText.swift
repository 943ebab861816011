/// A paste's bytes as the text a field may take: the terminal's marks around it, at most
/// `longest` bytes of it, and none of what a field cannot hold or a terminal would act on.
struct PastedText: Sendable {
    static let startMark = Array("\u{1B}[200~".utf8)
    static let endMark = Array("\u{1B}[201~".utf8)
    /// A quarter of a MiB: far past every field's limit (a draft's field takes 10 000
    /// characters), so a paste cut here is cut again by the field; the rest is read and dropped.
    static let longest = 256 * 1024

    private var bytes: [UInt8] = []

    mutating func append(_ more: ArraySlice<UInt8>) {
        bytes += more.prefix(max(Self.longest - bytes.count, 0))
    }

    /// Where the end mark starts in `bytes` from `index`, if it is there.
    static func end(in bytes: [UInt8], from index: Int) -> Int? {
        bytes[index...].firstRange(of: endMark)?.lowerBound
    }

    /// One line of text: line breaks and tabs are spaces (a field is one line, and a paragraph
    /// joins its lines), escape sequences and other control characters are left out (a pasted
    /// colour code must not reach the screen or the record), bytes that are not UTF-8 too.
    var text: String {
        var text = String.UnicodeScalarView()
        var scalars = String(decoding: bytes, as: UTF8.self).unicodeScalars.makeIterator()
        var previous: Unicode.Scalar?
        while let scalar = scalars.next() {
            defer { previous = scalar }
            switch scalar.value {
            case 0x0A where previous == "\r": continue  // CR LF is one break
            case 0x09, 0x0A, 0x0D: text.append(" ")
            case 0x1B: Self.skipSequence(&scalars)
            case 0x00...0x1F, 0x7F...0x9F, 0xFFFD: continue
            default: text.append(scalar)
            }
        }
        return String(text)
    }

    /// Past an escape sequence's introducer: a CSI's parameters and final byte, an OSC or other
    /// string up to its terminator, or the one character of a two-character sequence.
    private static func skipSequence(_ scalars: inout String.UnicodeScalarView.Iterator) {
        guard let kind = scalars.next() else { return }
        switch kind {
        case "[":
            while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
        case "]", "P", "_", "^", "X":
            // Up to BEL or ST (ESC \).
            while let next = scalars.next(), next != "\u{07}" {
                if next == "\u{1B}" {
                    _ = scalars.next()
                    break
                }
            }
        default: break
        }
    }
}
