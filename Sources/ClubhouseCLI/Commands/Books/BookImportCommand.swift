import ArgumentParser
import Clubhouse

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
              \(BookCSV.fullHeader)
              978-0-306-40615-7,Dune,Frank Herbert,Chilton,"Spice, sand",12.50,1965-08-01

            Each row obeys the rules of the add-book form: an ISBN-10 or ISBN-13, a title of \
            1–200 characters, a price such as 12.50, a date written YYYY-MM-DD; an empty value \
            means none. A value with a comma, a double quote or a line break goes in double \
            quotes, with each quote inside it written twice.

            A row whose ISBN is already on your shelf updates that book, and so does a row \
            repeating the ISBN of an earlier row (the later row wins): both count as updated. A \
            row that breaks a rule is skipped and listed with its line; the other rows are \
            imported, all in one transaction. A file that cannot be read at all (missing, not \
            UTF-8, no header, a row longer than 1 MiB, more than 1 000 000 rows) imports \
            nothing. The file is read as the books are saved, so memory stays small whatever \
            its size. Where you are in the app does not change.

            Prints 'imported N books: A added, U updated, R rejected', then the first \
            \(Self.shownRejections) rejected rows (--json lists them all). On a terminal, a \
            progress bar (of the file's bytes) is drawn on standard error while the books are saved \
            (with TERM=dumb, a plain line at each tenth).

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
        let file = try ImportFile(file)
        defer { file.closeFile() }
        let reader = BookCSVReader(source: file.next(into:))
        // A file that cannot be read as books at all is refused before the write lock is taken.
        do {
            _ = try reader.columns()
        } catch {
            throw file.failure ?? error
        }
        var bar: ProgressBar? =
            isatty(STDERR_FILENO) == 1 && file.size > 0 ? .onStandardError(label: "importing books") : nil
        let progress: (Int) -> Void = { read in bar?.update(bytes: read, of: file.size) }
        let outcome: Outcome
        do {
            outcome = try LongWork.run {
                try CommandContext.perform(global, Command(.importBooks(reader, progress: progress)))
            }
        } catch {
            bar?.finish()
            throw file.failure ?? error
        }
        // Cleared before anything is printed, so that a warning starts on its own line.
        bar?.finish()
        guard case .booksImported(let summary) = outcome.result else { return }
        if output.json {
            try ImportJSON.write(summary) { Output.write($0, to: STDOUT_FILENO) }
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

/// The file to import, read a chunk at a time as the rows are saved (`BookCSVReader`), so that
/// memory stays bounded whatever its size. A failure to read it ends the import, which then
/// saves nothing; `failure` keeps it to report as it was.
final class ImportFile {
    private let descriptor: Int32
    private let name: String
    /// The size of a regular file (for progress); 0 for standard input, a pipe or a device.
    let size: Int
    private(set) var failure: InputError?

    init(_ path: String) throws {
        if path == "-" {
            descriptor = STDIN_FILENO
            name = "standard input"
            size = 0
            return
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw InputError(message: "cannot read \(path): \(Self.reason(errno))") }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let error = InputError(message: "cannot read \(path): \(Self.reason(errno))")
            close(descriptor)
            throw error
        }
        if status.st_mode & S_IFMT == S_IFDIR {
            close(descriptor)
            throw InputError(message: "\(path) is a folder, not a CSV file")
        }
        self.descriptor = descriptor
        name = path
        size = status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : 0
    }

    func closeFile() {
        if descriptor != STDIN_FILENO { close(descriptor) }
    }

    /// `BookCSVReader.Source`: one read(2) into `buffer`.
    func next(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            try LongWork.waitForInput(descriptor)
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno == EINTR { continue }
            let error = InputError(message: "cannot read \(name): \(Self.reason(errno)); nothing was imported")
            failure = error
            throw error
        }
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
