internal import ClubhousePersistence
import Foundation

/// The sync tables of the signed-in user, for the `ClubhouseSync` library (package access: an
/// app embedding only `Clubhouse` does not see them). Each call is one transaction; each throws
/// `ClubhouseError.notSignedIn` while nobody is signed in.
extension ClubhouseApp {
    /// The signed-in user's id, read in its own transaction.
    package func syncUser() throws -> User.ID {
        guard let user = try signedInUser() else { throw ClubhouseError.notSignedIn }
        return user.id
    }

    package func syncRemote() throws -> SyncRemoteRecord? {
        let user = try syncUser()
        return try locked { try database.sync { try $0.remote(user: user) } }
    }

    /// Stores the remote (and, for a new one, queues every record as a create, in the same
    /// transaction); the file becomes readable by its owner only, since it now holds a token.
    package func setSyncRemote(_ make: (User.ID) -> SyncRemoteRecord) throws {
        let user = try syncUser()
        try locked {
            try database.sync { try $0.setRemote(make(user)) }
            if !isInMemory, chmod(path, 0o600) != 0 {
                throw StorageError.other(
                    "could not make \(path) readable by its owner only: \(String(cString: strerror(errno)))")
            }
        }
    }

    package func unsetSyncRemote() throws -> Bool {
        let user = try syncUser()
        return try locked { try database.sync { try $0.unsetRemote(user: user) } }
    }

    package func syncWaiting() throws -> Int {
        let user = try syncUser()
        return try locked { try database.sync { try $0.waiting(user: user) } }
    }

    package func syncNextChanges(limit: Int) throws -> [SyncOutboxEntry] {
        let user = try syncUser()
        return try locked { try database.sync { try $0.nextChanges(user: user, limit: limit) } }
    }

    package func syncAcknowledge(_ results: [SyncPushResult]) throws {
        let user = try syncUser()
        try locked { try database.sync { try $0.acknowledge(user: user, results) } }
    }

    package func syncApply(_ entries: [SyncPulledEntry], next: Int64) throws {
        let user = try syncUser()
        try locked { try database.applyPulled(entries, user: user, next: next) }
    }

    package func syncTakeNotices() throws -> [SyncNoticeRecord] {
        let user = try syncUser()
        return try locked { try database.sync { try $0.takeUntoldNotices(user: user) } }
    }

    package func syncFinish(clockOffsetMs: Int64?) throws {
        let user = try syncUser()
        try locked { try database.sync { try $0.finishSync(user: user, clockOffsetMs: clockOffsetMs) } }
    }

    /// Local id → key (player, gather, question) for the signed-in user.
    package func syncKey(entity: String, id: Int64) throws -> String? {
        let user = try syncUser()
        return try locked { try database.sync { try $0.key(entity: entity, id: id, owner: user) } }
    }

    /// Key → local id.
    package func syncID(entity: String, key: String) throws -> Int64? {
        let user = try syncUser()
        return try locked { try database.sync { try $0.id(entity: entity, key: key, owner: user) } }
    }

    package func syncHasBook(isbn: String) throws -> Bool {
        let user = try syncUser()
        return try locked { try database.sync { try $0.hasBook(isbn: isbn, owner: user) } }
    }
}

extension ClubhouseApp {
    package func syncSetClockOffset(_ offset: Int64) throws {
        let user = try syncUser()
        try locked { try database.sync { try $0.setClockOffset(user: user, offset) } }
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
