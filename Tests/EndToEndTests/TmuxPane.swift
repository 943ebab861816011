import ClubhouseTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A real terminal for the full-screen app: a tmux server of its own (a private socket, killed
/// when the value goes), one window of a fixed size running a shell command.
final class TmuxPane {
    let socket = "clubhouse-test-\(UUID().uuidString.prefix(8))"

    /// Starts a session running `command` (through sh) in a window of `width` × `height`.
    init(_ command: String, width: Int = 100, height: Int = 30) throws {
        try tmux(["new-session", "-d", "-x", "\(width)", "-y", "\(height)", command])
    }

    deinit {
        // The app first (a failed test may leave it running), then the server with its shells.
        if let child = try? childProcess() { kill(child, SIGKILL) }
        _ = try? tmux(["kill-server"])
    }

    /// Runs `command` in a new window of the same server, which becomes the one keys go to.
    func newWindow(_ command: String) throws {
        try tmux(["new-window", command])
    }

    /// The pane's screen as text, one line a row.
    func capture() -> String {
        (try? tmux(["capture-pane", "-p"])) ?? ""
    }

    /// Keys by tmux's names (`Enter`, `Escape`, `C-c`, `Down`) or as words typed letter by letter.
    func send(_ keys: String...) throws {
        try tmux(["send-keys"] + keys)
    }

    /// `text` typed literally.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-l", text])
    }

    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-x", "\(width)", "-y", "\(height)"])
    }

    /// Waits (up to `limit`) until the screen holds `text`; the screen it saw last.
    @discardableResult
    func wait(for text: String, limit: TimeInterval = 20) -> (found: Bool, screen: String) {
        wait(limit: limit) { $0.contains(text) }
    }

    func wait(limit: TimeInterval = 20, until test: (String) -> Bool) -> (found: Bool, screen: String) {
        let deadline = Date().addingTimeInterval(limit)
        var screen = capture()
        while !test(screen) {
            if Date() > deadline { return (false, screen) }
            Thread.sleep(forTimeInterval: 0.05)
            screen = capture()
        }
        return (true, screen)
    }

    /// The process id of what the pane's shell runs (its first child).
    func childProcess() throws -> Int32? {
        let shell = try tmux(["display-message", "-p", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").first.flatMap { Int32($0) }
    }

    /// Runs tmux on this pane's server and returns what it printed. Spawned directly with no
    /// signal blocked: Foundation's Process waits on the server new-session leaves behind, and
    /// the test runner's blocked SIGINT and SIGTERM would reach the server and the app in its pane.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let file = FileManager.default.temporaryDirectory.appending(path: "\(socket)-\(UUID().uuidString)").path
        defer { unlink(file) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, file, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        try SpawnedFiles.closeAllButStandard(&actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        try RequiredProgram.tmux.require()
        let words = ["tmux", "-L", socket, "-f", "/dev/null"] + arguments
        let argv = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, "tmux", &actions, &attributes, argv, environ) == 0 else {
            throw CocoaError(.executableNotLoadable)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
    }

    /// `text` quoted for sh.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
