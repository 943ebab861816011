/// A local user's server (`sync_remote`): where it is, this device's id there and the account's
/// token, the log position applied so far and the server clock's lead over this device's.
package struct SyncRemoteRecord: Sendable, Equatable {
    package var userID: User.ID
    package var url: String
    package var deviceID: String
    package var deviceName: String
    package var serverUsername: String
    /// The account's bearer token: stored, sent, never shown.
    package var token: String
    package var cursor: Int64
    package var clockOffsetMs: Int64
    /// When the last sync ended (ISO-8601, as every table stores times), nil before the first.
    package var lastSyncAt: String?

    package init(
        userID: User.ID, url: String, deviceID: String, deviceName: String, serverUsername: String, token: String,
        cursor: Int64 = 0, clockOffsetMs: Int64 = 0, lastSyncAt: String? = nil
    ) {
        self.userID = userID
        self.url = url
        self.deviceID = deviceID
        self.deviceName = deviceName
        self.serverUsername = serverUsername
        self.token = token
        self.cursor = cursor
        self.clockOffsetMs = clockOffsetMs
        self.lastSyncAt = lastSyncAt
    }
}

/// The token never shows, whatever prints the record (a test failure, a log, a debugger).
extension SyncRemoteRecord: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    package var description: String {
        "SyncRemoteRecord(user \(userID), \(url) as \(serverUsername), device \(deviceID), cursor \(cursor))"
    }
    package var debugDescription: String { description }
    package var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "userID": userID, "url": url, "deviceID": deviceID, "serverUsername": serverUsername,
                "cursor": cursor, "clockOffsetMs": clockOffsetMs,
            ])
    }
}

/// One local change waiting in `sync_outbox`: fields as a JSON object text (wire names, instants
/// in this device's milliseconds).
package struct SyncOutboxEntry: Sendable, Equatable {
    package var changeID: String
    package var entity: String
    package var key: String
    package var op: String
    package var fields: String
    package var base: Int64
    package var madeAt: Int64

    package init(
        changeID: String, entity: String, key: String, op: String, fields: String, base: Int64, madeAt: Int64
    ) {
        self.changeID = changeID
        self.entity = entity
        self.key = key
        self.op = op
        self.fields = fields
        self.base = base
        self.madeAt = madeAt
    }
}

/// What the server answered for one pushed change.
package struct SyncPushResult: Sendable, Equatable {
    package var changeID: String
    package var applied: Bool
    package var code: String?
    package var message: String?

    package init(changeID: String, applied: Bool, code: String? = nil, message: String? = nil) {
        self.changeID = changeID
        self.applied = applied
        self.code = code
        self.message = message
    }
}

/// Something the server told this device: kept until `sync` tells the user, once.
package struct SyncNoticeRecord: Sendable, Equatable {
    package var code: String
    package var message: String
    package var entity: String?
    package var key: String?

    package init(code: String, message: String, entity: String? = nil, key: String? = nil) {
        self.code = code
        self.message = message
        self.entity = entity
        self.key = key
    }
}

/// One entry of a pulled page: another device's change (fields as a JSON object text, instants
/// already in this device's milliseconds) or a notice for this device.
package enum SyncPulledEntry: Sendable, Equatable {
    case change(entity: String, key: String, op: String, fields: String)
    case notice(SyncNoticeRecord)
}
