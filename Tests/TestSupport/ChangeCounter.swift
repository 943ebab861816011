import Foundation

/// A SQLite file's change counter (its header's bytes 24–27), which every commit moves in the
/// rollback-journal mode the app uses: how tests count transactions without timing them.
public enum ChangeCounter {
    public struct Unreadable: Error {}

    public static func read(_ path: String) throws -> UInt32 {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: 24)
        guard let bytes = try handle.read(upToCount: 4), bytes.count == 4 else { throw Unreadable() }
        return bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }
}
