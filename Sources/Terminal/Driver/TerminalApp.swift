import Clubhouse
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `clubhouse app`: the full-screen app on the terminal of standard input and output. The loop
/// waits (`poll`) for a key, a signal (self-pipe), another process's change (the library's
/// observation, through a pipe of its own) or the next second of a running countdown; after each
/// it draws a frame and writes only the cells that changed. Every road out (q, Ctrl-C, SIGTERM,
/// SIGHUP, an error, a failed write) goes through `restore()`.
public enum TerminalApp {
    /// Why the app cannot run here, or nil: standard input and output must be one terminal that
    /// can move the cursor, at least 60×20.
    public static func unsuitable(environment: [String: String]) -> TerminalFailure? {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            return TerminalFailure(
                "the app needs a terminal: standard input and output are not one (the other commands work without)",
                status: 64)
        }
        let term = environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" {
            return TerminalFailure(
                "the app needs a terminal that can move the cursor; TERM is \(term.isEmpty ? "not set" : "dumb") (the other commands work on any)"
            )
        }
        guard let size = TerminalDevice.size() else { return TerminalFailure("cannot read the terminal's size") }
        if Layout(width: size.width, height: size.height).isTooSmall {
            return TerminalFailure(
                "the terminal is \(size.width)×\(size.height); the app needs at least \(Layout.minimumWidth)×\(Layout.minimumHeight)"
            )
        }
        return nil
    }

    /// Whether to use colour: the terminal has it and `NO_COLOR` is unset (or empty).
    public static func usesColour(environment: [String: String]) -> Bool {
        if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return false }
        if let colourTerm = environment["COLORTERM"], !colourTerm.isEmpty { return true }
        let term = environment["TERM"] ?? ""
        return ["color", "xterm", "screen", "tmux", "rxvt", "linux", "kitty", "alacritty", "foot", "wezterm"]
            .contains { term.contains($0) }
    }

    /// Runs the app on `app` until the user quits; the exit status: 0 (q), 130 (Ctrl-C or
    /// SIGINT), 143 (SIGTERM), 129 (SIGHUP, the terminal went away), 1 (an error, told on
    /// standard error once the terminal is restored), 64 (not a terminal). `work` (live sync) runs
    /// beside the app until it quits, its status in the title bar.
    public static func run(_ app: ClubhouseApp, environment: [String: String], work: BackgroundWork? = nil) -> Int32 {
        if let failure = unsuitable(environment: environment) {
            report(failure.message)
            return failure.status
        }
        let device = TerminalDevice()
        var signals: SignalPipe?
        defer {
            device.restore()
            signals?.stop()
        }
        do {
            signals = try SignalPipe()
            try device.enter()
            let loop = try EventLoop(
                app, device, signals!, colours: usesColour(environment: environment), work: work)
            let status = try loop.run()
            return status
        } catch let failure as TerminalFailure {
            device.restore()
            report(failure.message)
            return failure.status
        } catch {
            device.restore()
            report(TerminalModel.describe(error))
            return 1
        }
    }

    static func report(_ message: String) {
        let line = Array("error: \(message)\n".utf8)
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
