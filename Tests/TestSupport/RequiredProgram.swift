import Foundation

/// A program of the machine that tests run, checked before it is started: missing, the test fails
/// with the Debian package to install (README's Set up lists them all, and `.ci/run` installs
/// them) instead of a spawn error that names nothing.
public enum RequiredProgram: String, CaseIterable, Sendable {
    case sqlite3, tmux, faketime
    /// GNU time, for a process's peak memory (not the shell's keyword).
    case time
    /// PostgreSQL's server binaries, under /usr/lib/postgresql/VERSION/bin.
    case initdb
    /// util-linux's, to run PostgreSQL as an unprivileged user.
    case setpriv
    /// For the recipe of server.md's "Use it", which talks to the server with them.
    case curl, python3

    /// The Debian package that installs it.
    public var package: String {
        switch self {
        case .sqlite3: "sqlite3"
        case .tmux: "tmux"
        case .faketime: "faketime"
        case .time: "time"
        case .initdb: "postgresql"
        case .setpriv: "util-linux"
        case .curl: "curl"
        case .python3: "python3"
        }
    }

    /// Its path, or `MissingProgram` naming the package. `searching` stands for `$PATH` (and
    /// PostgreSQL's own folders for `initdb`).
    @discardableResult
    public func require(searching folders: [String]? = nil) throws -> String {
        let folders = folders ?? defaultFolders
        let manager = FileManager.default
        for folder in folders {
            let path = (folder as NSString).appendingPathComponent(rawValue)
            if manager.isExecutableFile(atPath: path) { return path }
        }
        throw MissingProgram(program: self)
    }

    private var defaultFolders: [String] {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        var folders = path.split(separator: ":").map(String.init)
        if self == .time { folders = ["/usr/bin"] }  // GNU time's place; `time` elsewhere may be another
        if self == .initdb {
            let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
            folders += versions.sorted().reversed().map { "/usr/lib/postgresql/\($0)/bin" }
        }
        return folders
    }
}

public struct MissingProgram: Error, CustomStringConvertible, Sendable {
    public let program: RequiredProgram

    public init(program: RequiredProgram) { self.program = program }
    public var description: String {
        "\(program.rawValue) is not installed: apt-get install -y \(program.package) (README.md, Set up, lists what the tests need)"
    }
}
