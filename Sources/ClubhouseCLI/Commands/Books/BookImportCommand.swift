import ArgumentParser
import Clubhouse
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct BookImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add or update books on your shelf from a CSV file.",
        discussion: """
            The file is CSV (RFC 4180) in UTF-8, as spreadsheets save it. Its first line names \
            the columns, in any order; isbn and title are required, the others may be left out:
              isbn,title,author,publisher,description,price,published
              978-0-306-40615-7,Dune,Frank Herbert,Chilton,"Spice, sand",12.50,1965-08-01

            Each row obeys the rules of the add-book form: an ISBN-10 or ISBN-13, a title of \
            1–200 characters, a price such as 12.50, a date written YYYY-MM-DD; an empty value \
            means none. A value with a comma, a double quote or a line break goes in double \
            quotes, with each quote inside it written twice.

            A row whose ISBN is already on your shelf updates that book, and so does a row \
            repeating the ISBN of an earlier row (the later row wins): both count as updated. A \
            row that breaks a rule is skipped and listed with its line; the other rows are \
            imported, all in one transaction. A file that cannot be read at all (missing, not \
            UTF-8, no header) imports nothing. Where you are in the app does not change.

            Prints 'imported N books: A added, U updated, R rejected', then the first \
            \(Self.shownRejections) rejected rows (--json lists them all). On a terminal, a \
            progress bar is drawn on standard error while the books are saved.

            Exit status: 0 when every row was imported; 2 when some rows were rejected (the \
            others were imported); 1 when nothing was imported (the file could not be read, or \
            every row was rejected).
            """
    )

    /// Rejections listed in text; a file of thousands of bad rows should not flood the terminal.
    static let shownRejections = 20
    /// The exit status of an import that skipped rows: scripts can tell it from success and
    /// from a failure that imported nothing (1).
    static let rejectedRowsStatus: Int32 = 2

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(
        help: ArgumentHelp("The CSV file, or - to read standard input.", valueName: "file"),
        completion: .file(extensions: ["csv"]))
    var file: String

    func run() throws {
        // Reading and parsing are the slow part: done before the write transaction opens.
        let parsed = try BookCSV.parse(try ImportFile.read(file))
        var bar: ProgressBar? =
            isatty(STDERR_FILENO) == 1 && !parsed.books.isEmpty ? .onStandardError(label: "importing books") : nil
        let progress: (Int, Int) -> Void = { done, total in
            bar?.update(done: done, total: total)
            // Cleared at once, so that a warning printed after the action starts on its own line.
            if done == total { bar?.finish() }
        }
        let outcome: Outcome
        do {
            outcome = try CommandContext.perform(global, Command(.importBooks(parsed, progress: progress)))
        } catch {
            bar?.finish()
            throw error
        }
        guard case .booksImported(let summary) = outcome.result else { return }
        if output.json {
            Output.print(try JSONOutput.render(ImportJSON(summary)))
        } else {
            Output.print(Self.text(summary))
        }
        if !summary.rejected.isEmpty {
            throw summary.imported == 0 ? ExitCode.failure : ExitCode(Self.rejectedRowsStatus)
        }
    }

    /// The summary line, then one line per rejected row (at most `shownRejections`).
    static func text(_ summary: BookImportSummary) -> String {
        let books = summary.imported == 1 ? "book" : "books"
        var lines = [
            "imported \(summary.imported) \(books): \(summary.added) added, \(summary.updated) updated, "
                + "\(summary.rejected.count) rejected"
        ]
        for rejection in summary.rejected.prefix(shownRejections) {
            lines.append("line \(rejection.line): \(Output.line(rejection.reason))")
        }
        let more = summary.rejected.count - shownRejections
        if more > 0 { lines.append("and \(more) more rejected \(more == 1 ? "row" : "rows") (--json lists them all)") }
        return lines.joined(separator: "\n")
    }
}

/// `{"added","rejected":[{"line","reason"}],"updated"}`.
struct ImportJSON: Encodable {
    struct Rejection: Encodable {
        let line: Int
        let reason: String
    }

    let added: Int
    let updated: Int
    let rejected: [Rejection]

    init(_ summary: BookImportSummary) {
        added = summary.added
        updated = summary.updated
        rejected = summary.rejected.map { Rejection(line: $0.line, reason: $0.reason) }
    }
}

/// The bytes of the file to import, read whole (up to `BookCSV.maximumBytes`) before anything
/// else happens, so that a file that cannot be read imports nothing.
enum ImportFile {
    static func read(_ path: String) throws -> [UInt8] {
        if path == "-" { return try read(STDIN_FILENO, name: "standard input", sizeHint: 0) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw InputError(message: "cannot read \(path): \(reason(errno))") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw InputError(message: "cannot read \(path): \(reason(errno))")
        }
        if status.st_mode & S_IFMT == S_IFDIR {
            throw InputError(message: "\(path) is a folder, not a CSV file")
        }
        let size = status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : 0
        guard size <= BookCSV.maximumBytes else { throw tooLarge(path) }
        return try read(descriptor, name: path, sizeHint: size)
    }

    private static func read(_ descriptor: Int32, name: String, sizeHint: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        // One byte more than the file's size, so that the read that finds its end needs no regrowing.
        bytes.reserveCapacity(max(sizeHint + 1, 64 * 1024))
        var chunk = [UInt8](repeating: 0, count: 256 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw InputError(message: "cannot read \(name): \(reason(errno))")
            }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            // Beyond the limit: stop reading (a pipe or device may never end).
            if bytes.count > BookCSV.maximumBytes { throw tooLarge(name) }
        }
    }

    private static func tooLarge(_ name: String) -> InputError {
        InputError(message: "\(name) is larger than \(BookCSV.maximumBytes >> 20) MiB; split it into smaller files")
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
