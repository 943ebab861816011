import ClubhouseTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// An upgrade that stops halfway (the disk fills, a write fails, the process is killed) leaves the
/// file exactly at the version it started from or exactly at the new one, never in between, and
/// the message says which (issue 22, "upgrades that stop halfway").
@Suite(.heavy) struct InterruptedUpgradeTests {
    /// Release 0.1's file (schema 1) with free pages enough for the first migrations but not for
    /// all of them: an upgrade in several transactions would commit some before running out.
    private static func oldFileWithSomeRoom(in folder: TemporaryFolder, name: String = "old.sqlite") throws -> String {
        let path = try Fixtures.copy("release-0.1-v1.sqlite", in: folder, name: name)
        try sqlite(
            path,
            """
            CREATE TABLE filler (x);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 13)
            INSERT INTO filler SELECT randomblob(4000) FROM n;
            DROP TABLE filler;
            """)
        return path
    }

    /// How a write is made to fail: a file size limit (the write fails with EFBIG, which SQLite
    /// reports as an I/O error) everywhere, and a full tmpfs where this machine lets the test mount one.
    enum Limit: String, CaseIterable, CustomTestStringConvertible {
        case fileSizeLimit, fullDisk
        var testDescription: String { rawValue }
    }

    @Test(arguments: Limit.allCases)
    func anUpgradeThatCannotWriteLeavesTheStartingVersionAndSaysSo(_ limit: Limit) throws {
        let folder = try TemporaryFolder()
        let template = try Self.oldFileWithSomeRoom(in: folder, name: "template.sqlite")
        let before = try databaseDump(template)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: template)[.size] as? Int)
        let path: String
        let run: RawRun
        var disk: SmallDisk?
        defer { disk?.unmount() }
        switch limit {
        case .fileSizeLimit:
            path = folder.path("old.sqlite")
            try FileManager.default.copyItem(atPath: template, toPath: path)
            // SIGXFSZ ignored, so that a write past the limit fails instead of killing the process.
            run = try RawRun.run(
                [
                    "-c", "trap '' XFSZ; ulimit -f \(size / 512); exec \"$0\" whoami --database \"$1\"",
                    ClubhouseProcess.binary.path, path,
                ].map { Array($0.utf8) }, in: folder, binary: "/bin/sh")
        case .fullDisk:
            disk = SmallDisk(at: folder.path("disk"), kilobytes: size / 1024 + 16)
            guard let disk else {
                // Mounting needs root and a kernel that allows it here; the size limit above
                // covers the same road.
                print("InterruptedUpgradeTests: cannot mount a tmpfs here; the full-disk case is skipped")
                return
            }
            path = disk.path + "/old.sqlite"
            try FileManager.default.copyItem(atPath: template, toPath: path)
            run = try RawRun.run(["whoami"], database: path, in: folder)
        }
        let reason = limit == .fullDisk ? "the disk is full" : "a disk I/O error"
        #expect(run.ending == .exited(1), "\(run.stderrText)")
        #expect(
            run.stderrText
                == "error: could not upgrade \(path) from schema 1 to \(newestSchema) (\(reason)); the upgrade was undone and the file is still at schema 1, as it was\n"
        )
        // What the message says is what the file holds, once SQLite has read it as any next
        // command does; and with room again, the next command upgrades it.
        #expect(try sqlite(path, "PRAGMA user_version") == "1")
        #expect(try databaseDump(path) == before)
        if limit == .fileSizeLimit {
            let next = try RawRun.run(["whoami"], database: path, in: folder)
            #expect(next.ending == .exited(0), "\(next.stderrText)")
            #expect(next.stdoutText == "ana\n")
            #expect(try sqlite(path, "PRAGMA user_version; PRAGMA integrity_check") == "\(newestSchema)\nok")
        }
    }

    /// A big old file upgraded by `whoami`, killed at random moments of the upgrade: afterwards
    /// the file is at schema 1 exactly as it was, or at the newest schema, and the next command works.
    @Test func anUpgradeKilledAtAnyMomentLeavesTheOldOrTheNewVersion() throws {
        let seed = FaultSettings.seed()
        var random = SeededGenerator(seed: seed)
        let folder = try TemporaryFolder()
        let template = try Fixtures.copy("release-0.1-v1.sqlite", in: folder, name: "template.sqlite")
        // Users whose keys the upgrade to schema 4 recomputes and whose navigation the upgrade to
        // schema 2 rewrites: every migration has work to do.
        try sqlite(
            template,
            """
            WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
            INSERT INTO users (id, username, username_key, password_hash) SELECT i, 'User' || i, 'stale' || i, 'x' FROM n;
            INSERT INTO navigation_state (user_id, version, root_flow, selected_tab, selected_page, stacks)
            SELECT id, 1, 'main', 'home', 'results', (SELECT stacks FROM navigation_state WHERE user_id = 1)
            FROM users WHERE id > 1;
            """)
        let before = try databaseDump(template)

        // How long a whole upgrade takes on this machine, to spread the kills over it.
        let measured = folder.path("measured.sqlite")
        try FileManager.default.copyItem(atPath: template, toPath: measured)
        let start = Date()
        let whole = try RawRun.run(["whoami"], database: measured, in: folder)
        let duration = Date().timeIntervalSince(start)
        #expect(whole.ending == .exited(0), "\(whole.stderrText)")

        var seen: [String: Int] = [:]
        for index in 0..<(8 * FaultSettings.scale) {
            let path = folder.path("run-\(index).sqlite")
            try FileManager.default.copyItem(atPath: template, toPath: path)
            let child = try Spawned.start(
                ["whoami", "--database", path].map { Array($0.utf8) }, stdout: .null, stderr: .null)
            usleep(UInt32(Double.random(in: 0...(duration * 1.2), using: &random) * 1_000_000))
            child.kill()
            let ending = child.wait()
            // The sqlite3 shell rolls back what the kill left, as any next command would.
            let version = try sqlite(path, "PRAGMA user_version")
            seen[version, default: 0] += 1
            #expect(
                ["1", "\(newestSchema)"].contains(version), "run \(index) (\(ending)), seed \(seed): schema \(version)")
            if version == "1" {
                #expect(try databaseDump(path) == before, "run \(index), seed \(seed)")
            }
            let next = try RawRun.run(["whoami"], database: path, in: folder)
            #expect(next.ending == .exited(0), "run \(index), seed \(seed): \(next.stderrText)")
            #expect(
                try sqlite(path, "PRAGMA user_version; PRAGMA integrity_check") == "\(newestSchema)\nok", "seed \(seed)"
            )
            try FileManager.default.removeItem(atPath: path)
        }
        print("InterruptedUpgradeTests: schema after each kill \(seen.sorted { $0.key < $1.key }), seed \(seed)")
    }
}

/// A tmpfs of a few kilobytes mounted for one test, where the machine allows it (root, and a
/// kernel and container that permit mounts); nil elsewhere.
struct SmallDisk {
    let path: String

    init?(at path: String, kilobytes: Int) {
        guard getuid() == 0, mkdir(path, 0o755) == 0 else { return nil }
        guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", path]) else {
            rmdir(path)
            return nil
        }
        self.path = path
    }

    func unmount() {
        _ = Self.run("/bin/umount", [path])
        rmdir(path)
    }

    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
