import ClubhouseTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `book import` of inputs far larger than any library: memory stays bounded whatever the size
/// (the peak resident memory of the process, as the kernel counts it, under the 64 MiB that
/// docs/reliability.md promises), a row or a row count past its limit is refused while reading
/// (the rest of an endless input is never read), and a refused file leaves the database as it was.
@Suite(.heavy) struct HugeInputTests {
    /// docs/reliability.md's promise ("Huge inputs") for an import of any size.
    static let memoryBoundKiB = 64 << 10

    private func signedIn(_ folder: TemporaryFolder) throws -> String {
        try Fixtures.signedInDatabase(in: folder)
    }

    /// The binary started through GNU time, which forks a small process of its own for it: the
    /// kernel's peak count (`ru_maxrss`) of a child spawned straight from this test process
    /// would include this process's own pages, which it shares until the exec.
    private struct Measured {
        let child: Spawned
        let report: String

        init(
            _ arguments: [String], stdin: Spawned.Descriptor = .null, stdout: Spawned.Descriptor = .null,
            stderr: Spawned.Descriptor, in folder: TemporaryFolder
        ) throws {
            report = folder.path("peak-\(UUID().uuidString)")
            child = try Spawned.start(
                (["-q", "-o", report, "-f", "%M", ClubhouseProcess.binary.path] + arguments).map { Array($0.utf8) },
                stdin: stdin, stdout: stdout, stderr: stderr, binary: try RequiredProgram.time.require())
        }

        /// How it ended, and its peak resident memory in KiB.
        func wait() throws -> (ending: Spawned.Ending, peakKiB: Int) {
            let ending = child.wait()
            let text = try String(contentsOfFile: report, encoding: .utf8)
            let peak = try #require(text.split(separator: "\n").last.flatMap { Int($0) }, "GNU time said: \(text)")
            return (ending, peak)
        }
    }

    /// Runs `book import -` with an endless stream on standard input (`prefix`, then `pattern`
    /// over and over, up to 300 MiB): how it ended, its peak memory, what it said, and how much
    /// of the stream it took before it stopped reading.
    private func importEndless(
        prefix: String, pattern: String, database: String, in folder: TemporaryFolder
    ) throws -> (ending: Spawned.Ending, peakKiB: Int, stderr: String, taken: Int) {
        let pipe = try ClosingPipe()
        let err = folder.path("err")
        let child = try Measured(
            ["book", "import", "-", "--database", database], stdin: .descriptor(pipe.read), stderr: .file(err),
            in: folder)
        close(pipe.read)
        let head = Array(prefix.utf8)
        #expect(head.withUnsafeBytes { write(pipe.write, $0.baseAddress, $0.count) } == head.count)
        let writer = StreamingWriter(fd: pipe.write, total: 300 << 20, pattern: Array(pattern.utf8))
        let (ending, peak) = try child.wait()
        let taken = writer.finished()
        let stderr = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
        return (ending, peak, stderr, taken)
    }

    @Test func anEndlessRowIsRefusedOnceItPassesTheRowLimit() throws {
        let folder = try TemporaryFolder()
        let path = try signedIn(folder)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let run = try importEndless(
            prefix: "isbn,title,description\n9780306406157,Dune,\"", pattern: "spice ", database: path, in: folder)
        #expect(run.ending == .exited(1))
        #expect(
            run.stderr
                == "error: line 2 is longer than 1 MiB, far more than any book's row (a double quote that is never "
                + "closed reads the rest of the file as one value); nothing was imported\n")
        #expect(run.taken < 16 << 20, "\(run.taken) bytes were read before the row was refused")
        #expect(run.peakKiB <= Self.memoryBoundKiB, "peak memory \(run.peakKiB) KiB")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func endlessRowsAreRefusedAtTheRowCountLimitWhileReading() throws {
        let folder = try TemporaryFolder()
        let path = try signedIn(folder)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        // Each row is refused on its own (one field where the header names two): held as a line
        // number and a shared reason, a million of them stay within the bound.
        let run = try importEndless(prefix: "isbn,title\n", pattern: "x\n", database: path, in: folder)
        #expect(run.ending == .exited(1))
        #expect(
            run.stderr
                == "error: the file has more than 1000000 rows (line 1000002 is past that); "
                + "split it into smaller files\n")
        #expect(run.taken < 16 << 20, "\(run.taken) bytes were read before the rows were counted")
        #expect(run.peakKiB <= Self.memoryBoundKiB, "peak memory \(run.peakKiB) KiB")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    /// Just under the row limit, every row refused: each keeps its line and a shared reason, and
    /// `--json` lists them all without building the whole text in memory.
    @Test(arguments: [false, true])
    func aMillionRejectedRowsAreReportedInBoundedMemory(_ json: Bool) throws {
        let folder = try TemporaryFolder()
        let path = try signedIn(folder)
        let csv = folder.path("bad.csv")
        try Data(("isbn,title\n" + String(repeating: "x\n", count: 999_999)).utf8).write(to: URL(fileURLWithPath: csv))
        let out = folder.path("out")
        let (ending, peak) = try Measured(
            ["book", "import", csv, "--database", path] + (json ? ["--json"] : []), stdout: .file(out),
            stderr: .file(folder.path("err")), in: folder
        ).wait()
        #expect(ending == .exited(1))
        #expect(peak <= Self.memoryBoundKiB, "peak memory \(peak) KiB, --json \(json)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        if json {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let rejected = try #require(object["rejected"] as? [[String: Any]])
            #expect(rejected.count == 999_999)
            #expect(rejected.last?["line"] as? Int == 1_000_000)
        } else {
            #expect(text.hasPrefix("imported 0 books: 0 added, 0 updated, 999999 rejected\n"))
        }
    }

    @Test func aHugeFieldIsRefusedBeforeItIsHeldWhole() throws {
        let folder = try TemporaryFolder()
        let path = try signedIn(folder)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let csv = folder.path("field.csv")
        let field = Data(repeating: UInt8(ascii: "s"), count: 50 << 20)
        try (Data("isbn,title,description\n9780306406157,Dune,\"".utf8) + field + Data("\"\n".utf8))
            .write(to: URL(fileURLWithPath: csv))
        let (ending, peak) = try Measured(
            ["book", "import", csv, "--database", path], stderr: .file(folder.path("err")), in: folder
        ).wait()
        #expect(ending == .exited(1))
        let stderr = try String(contentsOfFile: folder.path("err"), encoding: .utf8)
        #expect(stderr.hasPrefix("error: line 2 is longer than 1 MiB"), "\(stderr)")
        #expect(peak <= Self.memoryBoundKiB, "peak memory \(peak) KiB for a 50 MiB field")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aLargeFileImportsInBoundedMemory() throws {
        let folder = try TemporaryFolder()
        let path = try signedIn(folder)
        let csv = folder.path("books.csv")
        let rows = 90_000
        try Self.books(rows).write(to: URL(fileURLWithPath: csv))
        let size = try FileManager.default.attributesOfItem(atPath: csv)[.size] as? Int ?? 0
        #expect(size > 16 << 20, "the file is \(size) bytes")
        let out = folder.path("out")
        let (ending, peak) = try Measured(
            ["book", "import", csv, "--database", path], stdout: .file(out), stderr: .file(folder.path("err")),
            in: folder
        ).wait()
        #expect(ending == .exited(0), "\((try? String(contentsOfFile: folder.path("err"), encoding: .utf8)) ?? "")")
        #expect(
            try String(contentsOfFile: out, encoding: .utf8)
                == "imported \(rows) books: \(rows) added, 0 updated, 0 rejected\n")
        #expect(peak <= Self.memoryBoundKiB, "peak memory \(peak) KiB for \(size) bytes")
        #expect(try sqlite(path, "SELECT count(*) FROM books;") == "\(rows)")
        #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
    }

    /// `count` valid rows of about 210 bytes, each with its own ISBN-13.
    static func books(_ count: Int) -> Data {
        var text = "isbn,title,author,publisher,description,price,published\n"
        text.reserveCapacity(count * 220)
        let words = "river garden winter shadow silver empire harbour lighthouse orchard letters".split(separator: " ")
        for n in 0..<count {
            let body = Array("978\(String(100_000_000 + n))".utf8).map { Int($0) - 48 }
            let sum = body.enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 1 : 3) }
            let isbn = body.map(String.init).joined() + String((10 - sum % 10) % 10)
            let a = words[n % words.count]
            let b = words[(n / 7) % words.count]
            text += "\(isbn),The \(a) and the \(b) \(n),Ada Lovelace,Penguin,"
            text += "\"A story of \(a) and \(b), told over \(n % 40 + 2) years. \"\"Unforgettable,\"\" "
            text += "the critics wrote of the \(b) and its \(a).\",12.50,2001-02-03\n"
        }
        return Data(text.utf8)
    }
}
