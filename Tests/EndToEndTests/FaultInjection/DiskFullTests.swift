import ClubhouseTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 42, item 11: a command the disk cannot hold says that the disk is full and that nothing
/// was written, whatever statement met the full disk. `book add` with 28 or 32 KiB free said
/// "error: database: Transaction was aborted": the book's full-text index is written when its
/// statement is reset, where GRDB does not look for errors, and SQLite rolled the transaction
/// back behind it. A tmpfs is filled to leave each amount of room in turn.
@Suite(.heavy) struct DiskFullTests {
    @Test func aBookAddSaysTheDiskIsFullWhateverRoomIsLeft() throws {
        let folder = try TemporaryFolder()
        let template = try Fixtures.signedInDatabase(in: folder, name: "template.sqlite")
        guard let disk = SmallDisk(at: folder.path("disk"), kilobytes: 2048) else {
            // Mounting needs root and a kernel that allows it here.
            print("DiskFullTests: cannot mount a tmpfs here; skipped")
            return
        }
        defer { disk.unmount() }
        let path = disk.path + "/clubhouse.sqlite"
        let filler = disk.path + "/filler"
        let description = String(repeating: "d", count: 3000)
        var outcomes: [Int: String] = [:]
        for room in stride(from: 8, through: 72, by: 4) {
            unlink(filler)
            unlink(path)
            try FileManager.default.copyItem(atPath: template, toPath: path)
            let free = try Self.freeKilobytes(disk.path)
            #expect(FileManager.default.createFile(atPath: filler, contents: Data(count: max(free - room, 0) * 1024)))
            let run = try RawRun.run(
                [
                    "book", "add", "--isbn", "978-0-441-01359-3", "--title", "Dune", "--author", "Frank Herbert",
                    "--description", description,
                ], database: path, in: folder)
            if run.ending == .exited(0) {
                outcomes[room] = "added"
                continue
            }
            outcomes[room] = run.stderrText
            #expect(run.ending == .exited(1), "\(room) KiB free: \(run.stderrText)")
            #expect(
                run.stderrText == "error: the disk is full; nothing was written\n",
                "\(room) KiB free: \(run.stderrText)")
            unlink(filler)  // room for the shell's own journal
            #expect(try sqlite(path, "SELECT count(*) FROM books") == "0", "\(room) KiB free: a book was written")
        }
        #expect(outcomes[8] != "added", "\(outcomes)")
        #expect(outcomes[72] == "added", "\(outcomes)")
    }

    private static func freeKilobytes(_ path: String) throws -> Int {
        var stats = statvfs()
        guard statvfs(path, &stats) == 0 else { throw Fixtures.FixtureError(message: "statvfs \(path) failed") }
        return Int(stats.f_bavail) * Int(stats.f_frsize) / 1024
    }
}
