import ClubhouseDomain
import Foundation

/// A payload on the `clubhouse_live` channel, as ServerMigrations/0004_live.sql's triggers write
/// it: `log OWNER SEQ [DEVICE]` (the log moved, for every device or, notices, for DEVICE alone)
/// or `tokens OWNER` (some of the account's tokens were deleted).
enum LiveNotification: Equatable {
    case log(owner: User.ID, head: Int64, device: UUID?)
    case tokens(owner: User.ID)

    static let channel = "clubhouse_live"

    /// nil for a payload this version does not know (a later schema's): ignored, not fatal.
    init?(payload: String) {
        let parts = payload.split(separator: " ")
        switch (parts.first, parts.count) {
        case ("log", 3), ("log", 4):
            guard let owner = Int64(parts[1]), let head = Int64(parts[2]) else { return nil }
            var device: UUID?
            if parts.count == 4 {
                guard let parsed = UUID(uuidString: String(parts[3])) else { return nil }
                device = parsed
            }
            self = .log(owner: owner, head: head, device: device)
        case ("tokens", 2):
            guard let owner = Int64(parts[1]) else { return nil }
            self = .tokens(owner: owner)
        default:
            return nil
        }
    }
}
