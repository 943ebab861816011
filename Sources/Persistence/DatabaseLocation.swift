import ClubhouseDomain
import Foundation

/// Which database a command uses: `--database PATH`, else `$CLUBHOUSE_DB`, else
/// `${XDG_DATA_HOME:-$HOME/.local/share}/clubhouse/clubhouse.sqlite`.
///
/// The path is always a literal file path, made absolute: `:memory:` is a file named so in the
/// current folder and `file:x?mode=memory` is not a SQLite URI. Resolving has no side effects;
/// folders are created only by a command that creates the database (`DatabaseFile.create`).
package struct DatabaseLocation: Equatable, Sendable {
    package static let environmentVariable = "CLUBHOUSE_DB"

    package let path: String
    /// The default location's folder, created (0700) with the database; an explicit path's folder
    /// must exist, since a missing one is more likely a typo than a wish for new folders.
    package let folderToCreate: String?

    /// A literal path, as given (tests and tools that already hold one). A relative path whose
    /// folder cannot be known stays relative; `literal` refuses it instead.
    package init(path: String) {
        self.init(path: (try? Self.absolute(path)) ?? path, folderToCreate: nil)
    }

    /// A literal path made absolute; a relative one is refused when the current folder has been
    /// deleted (the system would otherwise resolve it somewhere else, even at the root).
    package static func literal(_ path: String) throws -> DatabaseLocation {
        DatabaseLocation(path: try absolute(path), folderToCreate: nil)
    }

    init(path: String, folderToCreate: String?) {
        self.path = path
        self.folderToCreate = folderToCreate
    }

    package static func resolve(explicit: String?, environment: [String: String]) throws -> DatabaseLocation {
        if let explicit {
            guard !explicit.isEmpty else { throw StorageError.noPath }
            return DatabaseLocation(path: try absolute(explicit), folderToCreate: nil)
        }
        if let fromEnvironment = environment[environmentVariable], !fromEnvironment.isEmpty {
            return DatabaseLocation(path: try absolute(fromEnvironment), folderToCreate: nil)
        }
        let folder = try defaultFolder(environment: environment)
        return DatabaseLocation(path: folder + "/clubhouse.sqlite", folderToCreate: folder)
    }

    static func defaultFolder(environment: [String: String]) throws -> String {
        // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return dataHome + "/clubhouse"
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else {
            throw StorageError.other("neither HOME nor XDG_DATA_HOME is an absolute path; pass --database PATH")
        }
        return home + "/.local/share/clubhouse"
    }

    private static func absolute(_ path: String) throws -> String {
        if path.hasPrefix("/") { return path }
        // getcwd fails once the folder is deleted; Foundation's currentDirectoryPath answers "/".
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else {
            throw StorageError.cannotOpen(
                path: path,
                reason: "the path is relative and the current folder no longer exists; give an absolute path")
        }
        let folder = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return (folder.hasSuffix("/") ? folder : folder + "/") + path
    }
}
