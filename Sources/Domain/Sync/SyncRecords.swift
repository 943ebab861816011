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
    /// The server's device cookie from this device's last sign-in (nil before one, or from a
    /// server without them): stored, sent with the next sign-in, never shown.
    package var deviceCookie: String?
    package var cursor: Int64
    package var clockOffsetMs: Int64
    /// When the last sync ended (ISO-8601, as every table stores times), nil before the first.
    package var lastSyncAt: String?

    package init(
        userID: User.ID, url: String, deviceID: String, deviceName: String, serverUsername: String, token: String,
        deviceCookie: String? = nil, cursor: Int64 = 0, clockOffsetMs: Int64 = 0, lastSyncAt: String? = nil
    ) {
        self.userID = userID
        self.url = url
        self.deviceID = deviceID
        self.deviceName = deviceName
        self.serverUsername = serverUsername
        self.token = token
        self.deviceCookie = deviceCookie
        self.cursor = cursor
        self.clockOffsetMs = clockOffsetMs
        self.lastSyncAt = lastSyncAt
    }
}

/// The token and the device cookie never show, whatever prints the record (a test failure, a log, a debugger).
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

/// A queued change this version cannot read (the file was changed outside Clubhouse): it stays
/// queued, and so does everything after it.
package struct SyncUnreadableChange: Error, Equatable {
    /// Which change, in a few words (never its fields).
    package var what: String

    package init(what: String) { self.what = what }
}
