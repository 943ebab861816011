import Clubhouse
import ClubhouseSync
import ClubhouseSyncWire
import ClubhouseTestSupport
import Foundation

/// One device: its own SQLite file in a folder of its own, a local user signed in, its remote set
/// on the test server. Every change goes through the library (`RecordActions`), every sync through
/// `ClubhouseSync`.
final class Device: @unchecked Sendable {
    let name: String
    let folder: TemporaryFolder
    let path: String
    let app: ClubhouseApp

    private init(name: String, folder: TemporaryFolder, path: String) throws {
        self.name = name
        self.folder = folder
        self.path = path
        app = try ClubhouseApp(path: path)
    }

    /// A device of `username` (the same name locally and on the server), signed in locally,
    /// its remote set (with `register`, creating the server account first).
    /// `url`: where the device reaches the server, when not directly (a `SlowProxy`).
    static func make(
        _ name: String, username: String, server: TestSyncServer, register: Bool = false, url: String? = nil
    ) async throws -> Device {
        let device = try await signedIn(name, username: username)
        try await device.app.setRemote(
            url: url ?? server.url, username: username, password: TestSyncServer.password, register: register,
            deviceName: name)
        return device
    }

    /// A device with its local user signed in and no remote. The first one of a username in this
    /// test process pays for hashing the password; the others copy its file (a device's file
    /// carries nothing of the device until its remote is set).
    static func signedIn(_ name: String, username: String) async throws -> Device {
        let folder = try TemporaryFolder()
        let path = folder.path("clubhouse.sqlite")
        try FileManager.default.copyItem(atPath: try await Templates.shared.file(for: username), toPath: path)
        return try Device(name: name, folder: folder, path: path)
    }

    func sync() async throws -> SyncReport {
        try await app.sync()
    }

    /// The user's synced records as this device holds them, instants in the server's clock.
    func dump() throws -> RecordDump {
        let owner = "(SELECT user_id FROM sync_remote)"
        let json = try sqlite(
            path,
            """
            SELECT json_group_array(json_object('entity', entity, 'key', key, 'fields', json(fields))) FROM (
                SELECT 'player' AS entity, key, fields FROM sync_player_fields WHERE owner_id = \(owner)
                UNION ALL SELECT 'book', key, fields FROM sync_book_fields WHERE owner_id = \(owner)
                UNION ALL SELECT 'question', key, fields FROM sync_question_fields WHERE owner_id = \(owner)
                UNION ALL SELECT 'gather', key, fields FROM sync_gather_fields WHERE owner_id = \(owner))
            """)
        let offset = Int64(try sqlite(path, "SELECT clock_offset_ms FROM sync_remote")) ?? 0
        struct Row: Decodable {
            var entity: SyncEntity
            var key: String
            var fields: SyncFields
        }
        var dump = RecordDump()
        for row in try JSONDecoder().decode([Row].self, from: Data(json.utf8)) {
            var fields = row.fields
            for field in RecordDump.instantFields {
                if let local = fields[field]?.intValue { fields[field] = .int(local + offset) }
            }
            dump.apply(row.entity, key: row.key, op: .put, fields: fields)
        }
        return dump
    }

    /// The local id of the one player called `name` (test names are plain, never quoted).
    func player(_ name: String) throws -> Player? {
        try app.readPlayers(around: nil, count: 1000).rows.first { $0.name == name }
    }

    /// The key of the player with local id `id`.
    func key(ofPlayer id: Player.ID) throws -> String {
        try sqlite(path, "SELECT key FROM players WHERE id = \(id)")
    }

    /// Changes waiting to be sent.
    func waiting() throws -> Int {
        try app.remote()?.waiting ?? 0
    }

    /// `check`'s problems with the file (none for a sound file).
    func problems() throws -> [String] {
        try ClubhouseApp.check(try ClubhouseApp.Location(path: path)).problems
    }
}

/// One signed-in file per username, made once per test process and copied for each device.
actor Templates {
    static let shared = Templates()
    private var folder: TemporaryFolder?
    private var files: [String: String] = [:]

    func file(for username: String) throws -> String {
        if let file = files[username] { return file }
        let folder = try self.folder ?? TemporaryFolder()
        self.folder = folder
        let path = folder.path("\(username).sqlite")
        let app = try ClubhouseApp(path: path, hashingCost: .testing)
        try app.register(username: username, password: TestSyncServer.password, signingIn: true)
        files[username] = path
        return path
    }
}
