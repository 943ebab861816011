import ClubhouseTestSupport
import Testing

@testable import ClubhouseServer

/// An account's writers share one advisory lock: a push takes it with the key `SyncLog.lockKey`
/// computes in Swift, a REST write in its first statement with `SyncLog.lockKeySQL`. The two
/// rules must give the same key for every account id, those past 32 bits and negative ones
/// included, or a REST write and a push of one account could run at once.
@Suite("Sync lock key", .heavy)
struct SyncLockKeyTests {
    static let owners: [Int64] = [
        1, 2, 0x7fff_ffff, 0x8000_0000, 0xffff_ffff, 0x1_0000_0000, 0x1_0000_0005, 0x1234_5678_9abc_def0,
        Int64.max, -1, Int64.min,
    ]

    @Test func swiftAndSQLGiveTheSameKey() async throws {
        try await TestServer.run { _, database in
            for owner in Self.owners {
                let sql = try await database.values("SELECT (\(SyncLog.lockKeySQL("(\(owner))::bigint")))::text")
                #expect(sql == [String(SyncLog.lockKey(owner))], "owner \(owner)")
            }
        }
    }
}
