internal import Persistence

extension ClubhouseApp {
    /// Which database file an app opens. Always a literal file path, made absolute: never a SQLite
    /// URI, and `:memory:` is just a file of that name (use ``ClubhouseApp/inMemory()`` for that).
    public struct Location: Equatable, Sendable {
        /// The environment variable that names the file when no path is given (`CLUBHOUSE_DB`).
        public static let environmentVariable = DatabaseLocation.environmentVariable

        let resolved: DatabaseLocation

        /// The absolute path of the file.
        public var path: String { resolved.path }

        /// A literal path; relative paths are taken from the current folder. The folder must exist.
        /// Throws ``/Domain/StorageError/noPath`` for an empty path.
        public init(path: String) throws {
            guard !path.isEmpty else { throw StorageError.noPath }
            resolved = DatabaseLocation(path: path)
        }

        /// The command line's rule: `explicit` if given, else `$CLUBHOUSE_DB` if set, else
        /// `${XDG_DATA_HOME:-$HOME/.local/share}/clubhouse/clubhouse.sqlite`, whose folder is
        /// created (0700) with the database. Resolving touches nothing on disk.
        public static func resolve(explicit: String?, environment: [String: String]) throws -> Location {
            Location(resolved: try DatabaseLocation.resolve(explicit: explicit, environment: environment))
        }

        init(resolved: DatabaseLocation) {
            self.resolved = resolved
        }
    }
}
