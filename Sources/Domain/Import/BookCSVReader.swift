/// Reads a CSV file of books (`BookCSV`'s format) a row at a time from a source of bytes, holding
/// one window of the file and never a whole one: memory stays bounded whatever the file's size.
/// A row longer than `BookCSV.maximumRowBytes` is refused (the whole file) once that many bytes
/// of it are read, and so is a file past `BookCSV.maximumRows` rows, at the row that passes it.
///
/// Rows come in file order, each a draft or a rejection (`next()`); the header is read first,
/// by `columns()` or the first `next()`.
public final class BookCSVReader {
    /// Fills the buffer it is given from the start and returns how many bytes it wrote; 0 at the
    /// end of the input. What it throws ends the reading (an import rolls back).
    public typealias Source = (UnsafeMutableRawBufferPointer) throws -> Int

    public enum Item: Equatable, Sendable {
        case book(BookImport.Row)
        case rejected(BookImport.Rejection)
    }

    /// Bytes asked of the source at a time.
    package static let chunkSize = 256 * 1024

    private let source: Source
    /// The window: bytes `consumed..<filled` are read from the source and not yet parsed.
    private var buffer: UnsafeMutableBufferPointer<UInt8>
    private var filled = 0
    private var consumed = 0
    private var sourceEnded = false
    /// The physical line at `consumed`.
    private var line = 1
    private var header: [BookField]?
    private var rows = 0
    private var record = CSVScanner.Record()
    private var scratch: [UInt8] = []
    private var fields: [String: String] = [:]

    /// Bytes taken from the source so far (for progress).
    public private(set) var bytesRead = 0

    public init(source: @escaping Source) {
        self.source = source
        buffer = .allocate(capacity: Self.chunkSize)
    }

    deinit { buffer.deallocate() }

    /// The columns the header names, in its order; reads the header if it is not read yet.
    public func columns() throws -> [BookField] {
        if let header { return header }
        try fill(atLeast: 3)
        let window = UnsafeBufferPointer(rebasing: buffer[consumed..<filled])
        if window.starts(with: [0xEF, 0xBB, 0xBF]) {
            consumed += 3
        } else if window.starts(with: [0xFF, 0xFE]) || window.starts(with: [0xFE, 0xFF]) {
            throw ClubhouseError.invalidInput("the file is UTF-16 text; save it as UTF-8 (CSV UTF-8 in a spreadsheet)")
        }
        let columns: [BookField] = try scan(keep: BookCSV.maximumHeaderColumns) { record, scanner in
            guard let record else {
                throw ClubhouseError.invalidInput(
                    "the file is empty; its first line must name the columns, such as: \(BookCSV.fullHeader)")
            }
            return try BookCSV.header(record, scanner)
        }
        header = columns
        return columns
    }

    /// The next row, or nil at the end of the file.
    public func next() throws -> Item? {
        let columns = try columns()
        return try scan(keep: columns.count) { record, scanner -> Item? in
            guard let record else { return nil }
            guard rows < BookCSV.maximumRows else {
                throw ClubhouseError.invalidInput(
                    "the file has more than \(BookCSV.maximumRows) rows (line \(record.line) is past that); "
                        + "split it into smaller files")
            }
            rows += 1
            switch BookCSV.row(record, columns, scanner, &scratch, &fields) {
            case .book(let draft): return .book(BookImport.Row(line: record.line, draft: draft))
            case .rejected(let reason): return .rejected(BookImport.Rejection(line: record.line, reason: reason))
            }
        }
    }

    /// Scans the next record (nil at the end of the input) and hands it to `use` while its bytes
    /// are in the window, reading more from the source until the record is whole.
    private func scan<T>(keep: Int, _ use: (CSVScanner.Record?, CSVScanner) throws -> T) throws -> T {
        while true {
            let window = UnsafeBufferPointer(rebasing: buffer[0..<filled])
            var scanner = CSVScanner(window, from: consumed, line: line, atEnd: sourceEnded)
            switch scanner.next(into: &record, keep: keep) {
            case .record:
                let result = try use(record, scanner)
                consumed = scanner.position
                line = scanner.line
                return result
            case .end:
                consumed = scanner.position
                return try use(nil, scanner)
            case .needMore:
                // Empty lines skipped before the record are consumed.
                consumed = scanner.position
                line = scanner.line
                guard filled - consumed <= BookCSV.maximumRowBytes else {
                    throw ClubhouseError.invalidInput(
                        "line \(line) is longer than \(BookCSV.maximumRowBytes >> 20) MiB, far more than any "
                            + "book's row (a double quote that is never closed reads the rest of the file as "
                            + "one value); nothing was imported")
                }
                try readMore()
            }
        }
    }

    /// Reads until the window holds `count` bytes or the input ends.
    private func fill(atLeast count: Int) throws {
        while filled - consumed < count, !sourceEnded { try readMore() }
    }

    /// Moves the unread bytes to the front, grows the window when they fill it, and reads once.
    private func readMore() throws {
        if consumed > 0 {
            let left = filled - consumed
            if left > 0 {
                UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(
                    from: buffer.baseAddress! + consumed, byteCount: left)
            }
            filled = left
            consumed = 0
        }
        if filled == buffer.count {
            let grown = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: buffer.count * 2)
            _ = grown.initialize(from: buffer)
            buffer.deallocate()
            buffer = grown
        }
        let room = UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[filled...])
        let offered = min(room.count, Self.chunkSize)
        let count = try source(UnsafeMutableRawBufferPointer(rebasing: room[..<offered]))
        // A source is the embedding app's code: a count outside what it was offered is its mistake,
        // told as one (the import rolls back), not a crash of the app that embeds us.
        guard (0...offered).contains(count) else {
            throw ClubhouseError.misuse(
                "a BookCSVReader source said it read \(count) bytes into a buffer of \(offered)")
        }
        if count == 0 { sourceEnded = true }
        filled += count
        bytesRead += count
    }
}

extension BookCSVReader {
    /// A reader of bytes already in memory.
    public convenience init(bytes: some Collection<UInt8>) {
        var rest = bytes[...]
        self.init { buffer in
            let count = min(buffer.count, rest.count)
            let end = rest.index(rest.startIndex, offsetBy: count)
            UnsafeMutableRawBufferPointer(rebasing: buffer[..<count]).copyBytes(from: rest[..<end])
            rest = rest[end...]
            return count
        }
    }
}
