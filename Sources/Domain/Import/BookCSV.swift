/// A file of books to import, parsed and checked, before anything is written: the drafts of the
/// valid rows in file order, and why each other row was refused. Only `BookCSV.parse` makes one
/// outside this package, so every row an import saves has passed the add-book form's rules.
public struct BookImport: Equatable, Sendable {
    public struct Row: Equatable, Sendable {
        /// The physical line the row starts on (the header is line 1).
        public package(set) var line: Int
        public package(set) var draft: BookDraft

        package init(line: Int, draft: BookDraft) {
            self.line = line
            self.draft = draft
        }
    }

    public struct Rejection: Equatable, Sendable {
        public var line: Int
        public var reason: String

        public init(line: Int, reason: String) {
            self.line = line
            self.reason = reason
        }
    }

    /// The columns the header names, in its order.
    public package(set) var columns: [BookField]
    public package(set) var books: [Row]
    public package(set) var rejected: BookImportRejections

    package init(columns: [BookField], books: [Row] = [], rejected: BookImportRejections = []) {
        self.columns = columns
        self.books = books
        self.rejected = rejected
    }
}

/// Reads the CSV files `book import` takes: RFC 4180 (fields separated by commas, a field with a
/// comma, quote or line break in double quotes, a quote inside one written twice; CRLF or LF),
/// UTF-8 with or without a byte-order mark. The first line names the columns, in any order and
/// any case: `isbn` and `title` are required, the other `BookField`s optional. Each row is checked
/// by the add-book form's own rules (`BookForm.draft(from:)`), an empty value meaning none.
///
/// Empty lines are skipped. A row that breaks the format or a rule is refused on its own; a file
/// that cannot be read as books at all (empty, not UTF-8, a bad header) is refused
/// whole, and so is one with a row longer than `maximumRowBytes` or more than `maximumRows`
/// rows. Rows are not merged by ISBN here: a later row with the same ISBN updates the book the
/// earlier one saved, as importing the rows one by one would.
public enum BookCSV {
    /// Far more than any book's row (a description is at most 4 000 characters); a longer one is
    /// refused before it is held whole.
    public static let maximumRowBytes = 1024 * 1024
    /// More rows than any library; counted while reading.
    public static let maximumRows = 1_000_000
    /// The header of a file with every column.
    public static let fullHeader = BookField.allCases.map(\.key).joined(separator: ",")

    /// More columns than that is not a header of books (and need not all be kept to say so).
    static let maximumHeaderColumns = 64

    /// The whole file at once, for files in memory; `BookCSVReader` reads one a row at a time.
    public static func parse(_ bytes: some Collection<UInt8>) throws(ClubhouseError) -> BookImport {
        let reader = BookCSVReader(bytes: bytes)
        do {
            var result = BookImport(columns: try reader.columns())
            while let item = try reader.next() {
                switch item {
                case .book(let row): result.books.append(row)
                case .rejected(let rejection): result.rejected.append(rejection)
                }
            }
            return result
        } catch let error as ClubhouseError {
            throw error
        } catch {
            // The source in memory throws nothing; the reader throws only ClubhouseError.
            throw .invalidInput(String(describing: error))
        }
    }

    static func header(_ record: CSVScanner.Record, _ scanner: CSVScanner) throws(ClubhouseError)
        -> [BookField]
    {
        let example = "the first line must name the columns, such as: \(fullHeader)"
        if let problem = record.problem {
            throw .invalidInput("the header (line \(record.line)) is not valid CSV: \(describe(problem, nil))")
        }
        guard record.count <= maximumHeaderColumns else {
            throw .invalidInput("the header has more than \(maximumHeaderColumns) columns; \(example)")
        }
        var scratch: [UInt8] = []
        var columns: [BookField] = []
        var unknown: [String] = []
        for field in record.fields {
            guard let text = scanner.text(of: field, scratch: &scratch) else {
                throw .invalidInput("the file is not UTF-8 text (its header line is not); save it as UTF-8")
            }
            let name = text.trimmingWhitespace().lowercased()
            guard let column = BookField(rawValue: name) else {
                unknown.append("'\(name)'")
                continue
            }
            guard !columns.contains(column) else {
                throw .invalidInput("the header names the \(column.rawValue) column twice")
            }
            columns.append(column)
        }
        guard unknown.isEmpty else {
            let known = BookField.allCases.map(\.rawValue).joined(separator: ", ")
            let what = unknown.count == 1 ? "a column" : "columns"
            throw .invalidInput(
                "the header names \(what) clubhouse does not know: \(unknown.joined(separator: ", ")) "
                    + "(it knows \(known)); \(example)")
        }
        for required in BookField.allCases where required.isRequired && !columns.contains(required) {
            throw .invalidInput("the header has no \(required.rawValue) column; \(example)")
        }
        return columns
    }

    enum RowOutcome {
        case book(BookDraft)
        case rejected(String)
    }

    /// One data row as a draft, or why not. `scratch` and `fields` are reused from row to row.
    static func row(
        _ record: CSVScanner.Record, _ columns: [BookField], _ scanner: CSVScanner, _ scratch: inout [UInt8],
        _ fields: inout [String: String]
    ) -> RowOutcome {
        if let problem = record.problem { return .rejected(describe(problem, columns)) }
        guard record.count == columns.count else {
            let hint = record.count > columns.count ? " (a value with a comma must be in double quotes)" : ""
            let noun = record.count == 1 ? "field" : "fields"
            return .rejected("\(record.count) \(noun), but the header names \(columns.count) columns\(hint)")
        }
        fields.removeAll(keepingCapacity: true)
        for (field, column) in zip(record.fields, columns) {
            guard let text = scanner.text(of: field, scratch: &scratch) else {
                return .rejected("the \(column.rawValue) value is not UTF-8 text")
            }
            fields[column.rawValue] = text
        }
        do {
            return .book(try BookForm.draft(from: FormDraft(fields)))
        } catch {
            return .rejected(error.message)
        }
    }

    /// What broke the format, naming the column (or the field's place in the header).
    private static func describe(_ problem: CSVScanner.Problem, _ columns: [BookField]?) -> String {
        func value(_ index: Int) -> String {
            if let columns, index < columns.count { return "the \(columns[index].rawValue) value" }
            return "field \(index + 1)"
        }
        switch problem {
        case .strayQuote(let index):
            return "a double quote inside \(value(index)), which does not start with one; "
                + "put the whole value in double quotes and write each quote inside it twice"
        case .textAfterQuote(let index):
            return "text after the closing quote of \(value(index)); "
                + "a double quote inside a quoted value is written twice"
        case .unterminatedQuote(let index):
            return "the double quote that opens \(value(index)) is never closed, "
                + "so the rest of the file was read as that value"
        }
    }
}
