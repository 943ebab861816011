/// Splits RFC 4180 text into records of fields, as byte ranges: no text is built here, so the
/// loop that visits every byte does nothing but compare it. It reads a window of a longer input
/// (`atEnd` false) as well as a whole one: a record that runs past the window is left unread. Line breaks are CRLF, LF or a lone
/// CR, inside quotes as outside. The scanner is lenient about where a record ends (a stray quote
/// does not swallow the file), and reports what broke the format so the caller can reject it.
struct CSVScanner {
    struct Field {
        /// The bytes inside the quotes for a quoted field.
        var start: Int
        var end: Int
        /// Holds `""` pairs, each standing for one quote.
        var hasDoubledQuotes: Bool
    }

    enum Problem: Equatable {
        /// A quote in a field that does not start with one.
        case strayQuote(field: Int)
        /// Something other than a comma or a line break after a closing quote.
        case textAfterQuote(field: Int)
        /// A quoted field that runs to the end of the text.
        case unterminatedQuote(field: Int)
    }

    struct Record {
        /// The physical line (1-based) the record starts on.
        var line = 0
        /// How many fields the record has; only the first `keep` are in `fields`.
        var count = 0
        var fields: [Field] = []
        /// The first problem met.
        var problem: Problem?
    }

    private static let quote = UInt8(ascii: "\"")
    private static let comma = UInt8(ascii: ",")
    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    /// What `next` found.
    enum Scan: Equatable {
        case record
        /// The end of the input: no more records.
        case end
        /// The record runs past the bytes at hand (and the input goes on): nothing was consumed;
        /// call again with more bytes.
        case needMore
    }

    let bytes: UnsafeBufferPointer<UInt8>
    /// Whether the input ends with `bytes`; otherwise a record that reaches their end is left
    /// for the caller to extend, since its next byte may change it.
    private let atEnd: Bool
    private(set) var position: Int
    /// The physical line `position` is on.
    private(set) var line: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0, line: Int = 1, atEnd: Bool = true) {
        self.bytes = bytes
        self.atEnd = atEnd
        position = start
        self.line = line
    }

    /// Reads the next record into `record` (its storage reused), skipping empty lines. At most
    /// `keep` fields are stored, so that a line of a million commas costs no memory.
    mutating func next(into record: inout Record, keep: Int) -> Scan {
        let count = bytes.count
        while position < count, bytes[position] == Self.lineFeed || bytes[position] == Self.carriageReturn {
            // A CR last: the LF that may follow belongs to it.
            if bytes[position] == Self.carriageReturn, position + 1 == count, !atEnd { return .needMore }
            skipLineBreak()
        }
        guard position < count else { return atEnd ? .end : .needMore }
        let recordStart = position
        let recordLine = line
        let scan = scanRecord(into: &record, keep: keep)
        if scan == .needMore {
            position = recordStart
            line = recordLine
        }
        return scan
    }

    private mutating func scanRecord(into record: inout Record, keep: Int) -> Scan {
        let count = bytes.count
        // Whether the bytes at hand end before `index` while more are to come.
        func cutShort(_ index: Int) -> Bool { index >= count && !atEnd }
        record.line = line
        record.count = 0
        record.fields.removeAll(keepingCapacity: true)
        record.problem = nil
        while true {
            let field = record.count
            let scanned: Field
            if position < count, bytes[position] == Self.quote {
                position += 1
                let start = position
                var doubled = false
                var closed = false
                while position < count {
                    let byte = bytes[position]
                    if byte == Self.quote {
                        if cutShort(position + 1) { return .needMore }
                        if position + 1 < count, bytes[position + 1] == Self.quote {
                            doubled = true
                            position += 2
                            continue
                        }
                        closed = true
                        break
                    }
                    if byte == Self.carriageReturn, cutShort(position + 1) { return .needMore }
                    if byte == Self.lineFeed || (byte == Self.carriageReturn && !isLineFeed(at: position + 1)) {
                        line += 1
                    }
                    position += 1
                }
                scanned = Field(start: start, end: position, hasDoubledQuotes: doubled)
                guard closed else {
                    if !atEnd { return .needMore }
                    record.problem = record.problem ?? .unterminatedQuote(field: field)
                    store(scanned, in: &record, keep: keep)
                    return .record
                }
                position += 1
                if position < count, !isFieldEnd(bytes[position]) {
                    record.problem = record.problem ?? .textAfterQuote(field: field)
                    while position < count, !isFieldEnd(bytes[position]) { position += 1 }
                }
            } else {
                let start = position
                var stray = false
                while position < count {
                    let byte = bytes[position]
                    if byte == Self.comma || byte == Self.lineFeed || byte == Self.carriageReturn { break }
                    if byte == Self.quote { stray = true }
                    position += 1
                }
                if stray { record.problem = record.problem ?? .strayQuote(field: field) }
                scanned = Field(start: start, end: position, hasDoubledQuotes: false)
            }
            if cutShort(position) { return .needMore }
            store(scanned, in: &record, keep: keep)
            guard position < count else { return .record }
            if bytes[position] == Self.comma {
                position += 1
                continue
            }
            if bytes[position] == Self.carriageReturn, cutShort(position + 1) { return .needMore }
            skipLineBreak()
            return .record
        }
    }

    private func store(_ field: Field, in record: inout Record, keep: Int) {
        if record.count < keep { record.fields.append(field) }
        record.count += 1
    }

    private func isFieldEnd(_ byte: UInt8) -> Bool {
        byte == Self.comma || byte == Self.lineFeed || byte == Self.carriageReturn
    }

    private func isLineFeed(at index: Int) -> Bool {
        index < bytes.count && bytes[index] == Self.lineFeed
    }

    /// Steps over one CRLF, LF or CR at `position`.
    private mutating func skipLineBreak() {
        if bytes[position] == Self.carriageReturn, isLineFeed(at: position + 1) { position += 1 }
        position += 1
        line += 1
    }

    /// A field's text: nil when it is not UTF-8. `scratch` is reused to undo doubled quotes.
    func text(of field: Field, scratch: inout [UInt8]) -> String? {
        let raw = UnsafeBufferPointer(rebasing: bytes[field.start..<field.end])
        guard field.hasDoubledQuotes else { return String(validating: raw, as: UTF8.self) }
        scratch.removeAll(keepingCapacity: true)
        var index = raw.startIndex
        while index < raw.endIndex {
            scratch.append(raw[index])
            // The scanner only leaves quotes in pairs inside a closed quoted field.
            index += raw[index] == Self.quote ? 2 : 1
        }
        return String(validating: scratch, as: UTF8.self)
    }
}
