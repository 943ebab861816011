import Foundation

/// Which database a command uses: `--database PATH`, else `$CLUBHOUSE_DB`, else
/// `${XDG_DATA_HOME:-$HOME/.local/share}/clubhouse/clubhouse.sqlite`.
public enum DatabaseLocation {
    public static let environmentVariable = "CLUBHOUSE_DB"

    /// The path to open. Only the default location's folders are created: an explicit path whose
    /// folder is missing is more likely a typo than a wish for new folders.
    public static func resolve(explicit: String?, environment: [String: String]) throws -> String {
        if let explicit {
            guard !explicit.isEmpty else { throw StorageError.noPath }
            return explicit
        }
        if let fromEnvironment = environment[environmentVariable], !fromEnvironment.isEmpty {
            return fromEnvironment
        }
        let folder = try defaultFolder(environment: environment)
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw StorageError.cannotOpen(path: folder, reason: "cannot create the folder")
        }
        return folder + "/clubhouse.sqlite"
    }

    static func defaultFolder(environment: [String: String]) throws -> String {
        // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return dataHome + "/clubhouse"
        }
        guard let home = environment["HOME"], !home.isEmpty else {
            throw StorageError.other("neither HOME nor XDG_DATA_HOME is set; pass --database PATH")
        }
        return home + "/.local/share/clubhouse"
    }
}
