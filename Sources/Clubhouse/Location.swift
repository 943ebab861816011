internal import ClubhousePersistence

extension ClubhouseApp {
    /// Which database file an app opens. Always a literal file path, made absolute: never a SQLite
    /// URI, and `:memory:` is just a file of that name (use ``ClubhouseApp/inMemory(scene:)`` for that).
    public struct Location: Equatable, Sendable, CustomStringConvertible {
        /// The environment variable that names the file when no path is given (`CLUBHOUSE_DB`).
        public static let environmentVariable = DatabaseLocation.environmentVariable

        let resolved: DatabaseLocation

        /// The absolute path of the file.
        public var path: String { resolved.path }

        public var description: String { path }

        /// A literal path; relative paths are taken from the current folder (refused when that
        /// folder has been deleted). The file's folder must exist.
        /// Throws ``/ClubhouseDomain/StorageError/noPath`` for an empty path and
        /// ``/ClubhouseDomain/StorageError/cannotOpen(path:reason:)`` for one with a NUL character, which
        /// the system would cut short there and so open another file.
        public init(path: String) throws {
            guard !path.isEmpty else { throw StorageError.noPath }
            try Self.checkNoNUL(path)
            resolved = try DatabaseLocation.literal(path)
        }

        static func checkNoNUL(_ path: String) throws {
            guard path.utf8.contains(0) else { return }
            throw StorageError.cannotOpen(path: path, reason: "the path holds a NUL character")
        }

        /// The command line's rule: `explicit` if given, else `$CLUBHOUSE_DB` if set, else
        /// `${XDG_DATA_HOME:-$HOME/.local/share}/clubhouse/clubhouse.sqlite`, whose folder is
        /// created (0700) with the database. Resolving touches nothing on disk.
        public static func resolve(explicit: String?, environment: [String: String]) throws -> Location {
            let location = Location(
                resolved: try DatabaseLocation.resolve(explicit: explicit, environment: environment))
            try checkNoNUL(location.path)
            return location
        }

        init(resolved: DatabaseLocation) {
            self.resolved = resolved
        }
    }
}
