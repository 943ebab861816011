import ClubhouseDomain
import ClubhouseFeatures
import ClubhousePersistence
import ClubhouseSecurity
import ClubhouseTestSupport
import GRDB
import Testing

/// Hashing and verifying passwords are slow on purpose; neither may run while this process holds
/// the database's write lock, or every other command queues behind a second of scrypt.
@Suite struct CredentialsOutsideTheLockTests {
    /// A real hasher that, each time it works, proves another connection can take the write lock.
    final class LockProbingHasher: PasswordHasher, @unchecked Sendable {
        let inner = ScryptPasswordHasher(cost: .testing)
        let path: String
        private(set) var probes: [Bool] = []

        init(path: String) { self.path = path }

        private func probe() {
            var config = Configuration()
            config.busyMode = .immediateError
            let writable =
                (try? DatabaseQueue(path: path, configuration: config).inDatabase { db in
                    try db.execute(sql: "BEGIN IMMEDIATE; ROLLBACK")
                }) != nil
            probes.append(writable)
        }

        func hash(_ password: Password) throws -> String {
            probe()
            return try inner.hash(password)
        }

        func verify(_ password: String, against storedHash: String) -> Bool {
            probe()
            return inner.verify(password, against: storedHash)
        }

        func isWellFormed(_ storedHash: String) -> Bool { inner.isWellFormed(storedHash) }
        var decoyHash: String { inner.decoyHash }
    }

    @Test func registerAndSignInHashWithNoLockHeld() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("clubhouse.sqlite")
        let hasher = LockProbingHasher(path: path)
        let app = AppCoordinator(store: try AppDatabase.open(path: path), hasher: hasher)
        try app.perform(Command(.register(username: "ana", password: "s3cret-pass")))
        // A wrong password and an unknown user are verified too (the latter against the decoy).
        #expect(throws: ClubhouseError.wrongCredentials) {
            try app.perform(Command(.signIn(username: "ana", password: "wrong-pass")))
        }
        #expect(throws: ClubhouseError.wrongCredentials) {
            try app.perform(Command(.signIn(username: "nobody", password: "s3cret-pass")))
        }
        try app.perform(Command(.signIn(username: "ana", password: "s3cret-pass")))
        #expect(app.main?.user.username == "ana")
        #expect(hasher.probes == [true, true, true, true])
    }

    @Test func aTakenNameOrASignedInUserFailsBeforeAnyHashing() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("clubhouse.sqlite")
        let hasher = LockProbingHasher(path: path)
        let app = AppCoordinator(store: try AppDatabase.open(path: path), hasher: hasher)
        try app.perform(Command(.register(username: "ana", password: "s3cret-pass")))
        #expect(throws: ClubhouseError.usernameTaken("ANA")) {
            try app.perform(Command(.register(username: "ANA", password: "s3cret-pass")))
        }
        try app.perform(Command(.signIn(username: "ana", password: "s3cret-pass")))
        #expect(throws: ClubhouseError.alreadySignedIn(username: "ana")) {
            try app.perform(Command(.signIn(username: "ana", password: "s3cret-pass")))
        }
        #expect(hasher.probes.count == 2)  // the register and the one sign-in
    }

    @Test func aTamperedHashIsRefusedWithoutHashing() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("clubhouse.sqlite")
        let hasher = LockProbingHasher(path: path)
        let app = AppCoordinator(store: try AppDatabase.open(path: path), hasher: hasher)
        try app.perform(Command(.register(username: "ana", password: "s3cret-pass")))
        try sqlite(
            path,
            "UPDATE users SET password_hash = '$scrypt$ln=20,r=16,p=4$c2FsdHNhbHQ=$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='"
        )
        #expect(
            throws: ClubhouseError.unreadableRecord(
                what: "the password of ana", reason: "the stored hash is malformed or its cost is out of bounds")
        ) {
            try app.perform(Command(.signIn(username: "ana", password: "s3cret-pass")))
        }
        #expect(hasher.probes.count == 1)
    }
}
