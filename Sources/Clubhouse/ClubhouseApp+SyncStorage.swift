internal import ClubhousePersistence
// The sync vocabulary the library speaks to ClubhouseSync (package access only).
package import ClubhouseSyncWire
import Foundation

/// The sync tables of the signed-in user, for the `ClubhouseSync` library (package access: an
/// app embedding only `Clubhouse` does not see them). Each call is one transaction; each throws
/// `ClubhouseError.notSignedIn` while nobody is signed in.
extension ClubhouseApp {
    /// The user a sync in progress works for, pinned at its start (`withSyncUser`): another local
    /// user signing in mid-sync must not have their queue sent with the first one's token, nor a
    /// page pulled for the first one applied to theirs.
    @TaskLocal private static var pinnedSyncUser: User.ID?

    /// Runs `body` with every sync call below working for `user`, whoever signs in meanwhile.
    package func withSyncUser<Result>(_ user: User.ID, _ body: () async throws -> Result) async rethrows -> Result {
        try await Self.$pinnedSyncUser.withValue(user) { try await body() }
    }

    /// The user a sync in progress was pinned to, else the signed-in user's id, read in its own
    /// transaction.
    package func syncUser() throws -> User.ID {
        if let pinned = Self.pinnedSyncUser { return pinned }
        guard let user = try signedInUser() else { throw ClubhouseError.notSignedIn }
        return user.id
    }

    package func syncRemote() throws -> SyncRemoteRecord? {
        let user = try syncUser()
        return try locked { try database.writeSyncTables { try $0.remote(user: user) } }
    }

    /// Stores the remote (and, for a new one, queues every record as a create, in the same
    /// transaction); the file becomes readable by its owner only, since it now holds a token.
    package func setSyncRemote(_ make: (User.ID) -> SyncRemoteRecord) throws {
        let user = try syncUser()
        try locked {
            try database.writeSyncTables { try $0.setRemote(make(user)) }
            if !isInMemory, chmod(path, 0o600) != 0 {
                throw StorageError.other(
                    "could not make \(path) readable by its owner only: \(String(cString: strerror(errno)))")
            }
        }
    }

    package func unsetSyncRemote() throws -> Bool {
        let user = try syncUser()
        return try locked { try database.writeSyncTables { try $0.unsetRemote(user: user) } }
    }

    package func syncWaiting() throws -> Int {
        let user = try syncUser()
        return try locked { try database.writeSyncTables { try $0.waiting(user: user) } }
    }

    /// The oldest `limit` queued changes, instants in this device's clock. Throws
    /// `SyncUnreadableChange` (as it is) for a change this version cannot read.
    package func syncNextChanges(limit: Int) throws -> [SyncChange] {
        let user = try syncUser()
        return try locked {
            try database.writeSyncTables { store in Result { try store.nextChanges(user: user, limit: limit) } }
        }.get()
    }

    package func syncAcknowledge(_ results: [SyncResult]) throws {
        let user = try syncUser()
        try locked { try database.writeSyncTables { try $0.acknowledge(user: user, results) } }
    }

    /// Applies a page asked after the cursor `from`; false (nothing applied) when the stored
    /// cursor is no longer `from` (see `AppDatabase.applyPulled`).
    package func syncApply(_ entries: [SyncLogEntry.Body], from: Int64, next: Int64) throws -> Bool {
        let user = try syncUser()
        return try locked { try database.applyPulled(entries, user: user, from: from, next: next) }
    }

    package func syncTakeNotices() throws -> [SyncNotice] {
        let user = try syncUser()
        return try locked { try database.writeSyncTables { try $0.takeUntoldNotices(user: user) } }
    }

    package func syncFinish(clockOffsetMs: Int64?) throws {
        let user = try syncUser()
        try locked { try database.writeSyncTables { try $0.finishSync(user: user, clockOffsetMs: clockOffsetMs) } }
    }

    /// Local id → key and key → local id (player, gather, question) for the signed-in user, as
    /// many as `work` needs, in ONE read-only transaction: a handoff maps every screen of every
    /// scene. The two lookups are valid inside `work` only.
    package func syncLookingUpKeys<T>(
        _ work: (_ key: (String, Int64) throws -> String?, _ id: (String, String) throws -> Int64?) throws -> T
    ) throws -> T {
        let user = try syncUser()
        return try locked {
            try database.readSyncTables { store in
                try work(
                    { entity, id in try store.key(entity: entity, id: id, owner: user) },
                    { entity, key in try store.id(entity: entity, key: key, owner: user) })
            }
        }
    }
}

extension ClubhouseApp {
    package func syncSetClockOffset(_ offset: Int64) throws {
        let user = try syncUser()
        try locked { try database.writeSyncTables { try $0.setClockOffset(user: user, offset) } }
    }

    /// After a sync removed records here (a player deleted on another device, a gather the
    /// server refused): every scene of the signed-in user is brought up to date with the data and
    /// saved, as its next command would, so what is stored never names a record that is gone
    /// (`check` would report it). Returns the warnings of the screens cut.
    @discardableResult
    package func syncSettleNavigation() throws -> [String] {
        let user = try syncUser()
        let scenes = try locked { try database.read { try $0.navigation.scenes(for: user).scenes.map(\.name) } }
        var warnings: [String] = []
        for name in scenes {
            let app = name == scene ? self : ClubhouseApp(database: database, scene: name)
            warnings += try app.perform(Command()).warnings
        }
        return warnings
    }

    /// The signed-in user's stored navigation state of every scene (one read transaction);
    /// a state that cannot be read is left out.
    package func syncNavigationStates() throws -> [(scene: SceneName, state: NavigationState)] {
        let user = try syncUser()
        return try locked {
            try database.read { repositories in
                try repositories.navigation.scenes(for: user).scenes.compactMap { summary in
                    switch try repositories.navigation.load(for: user, scene: summary.name) {
                    case .state(let state), .repaired(let state, _): (summary.name, state)
                    case .none, .unreadable: nil
                    }
                }
            }
        }
    }
}
