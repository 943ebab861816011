internal import ClubhousePersistence
internal import ClubhouseSecurity

extension ClubhouseApp {
    /// What ``check(_:)`` found.
    public struct CheckReport: Sendable, Equatable {
        /// The schema version the file records.
        public var version: Int
        /// One line per problem; none when the file passed every check.
        public var problems: [String]
        /// Things worth knowing that are not problems (an older schema the next write upgrades).
        public var notes: [String]
    }

    /// Checks the file at `location` without changing it: SQLite's integrity and foreign-key
    /// checks, the tables against the schema version the file records, every stored value's type
    /// and range, password hashes, and each user's saved navigation against the data (what the next
    /// restore would cut or drop). Never creates, upgrades or repairs the file.
    public static func check(_ location: Location) throws -> CheckReport {
        try mapping {
            let hasher = ScryptPasswordHasher()
            let report = try DatabaseCheck.run(location.resolved, isWellFormedHash: hasher.isWellFormed) { database in
                // What the next restore would cut, seen through the coordinators themselves.
                try AppCoordinator(store: database, hasher: hasher).checkStoredNavigation()
            }
            return CheckReport(version: report.version, problems: report.problems, notes: report.notes)
        }
    }

    /// What ``backup(_:to:)`` wrote.
    public struct BackupReport: Sendable, Equatable {
        /// The schema version of the copy (the source's).
        public var version: Int
        /// The copy's size.
        public var bytes: Int64
    }

    /// Copies the database at `source` to a new file at `destination` with SQLite's online backup:
    /// one consistent state even while other processes write. `destination` must not exist; it
    /// is created readable by its owner only.
    public static func backup(_ source: Location, to destination: Location) throws -> BackupReport {
        try mapping {
            let copy = try DatabaseBackup.copy(from: source.resolved, to: destination.resolved)
            return BackupReport(version: copy.version, bytes: copy.bytes)
        }
    }
}
