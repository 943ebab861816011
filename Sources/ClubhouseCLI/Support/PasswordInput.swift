import Clubhouse
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a password from standard input (`--password-stdin`) or from the terminal without echo.
/// Never from an argument, where it would land in shell history and `ps`.
enum PasswordInput {
    /// - Parameter precheck: runs before prompting, so that a command bound to fail (someone is
    ///   already signed in) says so before asking anything. The password itself is read before
    ///   the command's transaction, never while it holds the database.
    /// - Parameter rules: checks the password typed before it is asked for again, so that a
    ///   password the rules refuse is not typed twice for nothing.
    static func read(
        fromStandardInput: Bool, confirm: Bool, precheck: () throws -> Void, rules: (String) throws -> Void = { _ in }
    ) throws -> String {
        if fromStandardInput { return try readStandardInput() }
        guard Terminal.isInteractive else {
            throw InputError(message: "standard input is not a terminal; pass the password with --password-stdin")
        }
        try precheck()
        let password = try SilentPrompt.ask("Password: ")
        try rules(password)
        if confirm, try SilentPrompt.ask("Repeat password: ") != password {
            throw InputError(message: "the passwords do not match")
        }
        return password
    }

    /// The most bytes read for a password: the longest password a rule allows, and a line break.
    static let byteLimit = Password.maximumBytes + 2

    /// Everything on standard input, less one trailing line break (as `<<<` and `echo` add).
    /// Reads at most one byte past `byteLimit`: a huge input is refused without reading it all.
    private static func readStandardInput() throws -> String {
        guard case .text(let bytes) = try BoundedRead.bytes(from: STDIN_FILENO, limit: byteLimit, line: false) else {
            throw Password.tooLong
        }
        guard var text = String(validating: bytes, as: UTF8.self) else {
            throw InputError(message: "the password on standard input is not UTF-8 text")
        }
        if text.hasSuffix("\n") { text.removeLast() }  // "\r\n" is one Character, removed whole
        guard !text.isEmpty else { throw InputError(message: "no password on standard input") }
        return text
    }
}

/// A prompt on the terminal with echo off. Unlike glibc's `getpass`, which also turns off
/// signals, Ctrl-C still interrupts: the handler puts the terminal back before the process exits,
/// so an interrupted prompt never leaves the shell without echo.
private enum SilentPrompt {
    /// The terminal settings to restore; a signal handler cannot capture context, so this is global.
    /// Written only on the main thread before the handler is installed.
    nonisolated(unsafe) private static var saved = termios()

    static func ask(_ prompt: String) throws -> String {
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else {
            throw InputError(message: "could not read the terminal's settings")
        }
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        signal(SIGINT, restoreAndExit)
        signal(SIGTERM, restoreAndExit)
        // A parent may have started us with these signals blocked; Ctrl-C must still work here.
        var interrupts = sigset_t()
        sigemptyset(&interrupts)
        sigaddset(&interrupts, SIGINT)
        sigaddset(&interrupts, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &interrupts, nil)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        // Shown only once typing is safe: echo is off and an interrupt restores the terminal.
        Output.write(prompt, to: STDERR_FILENO)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
            signal(SIGINT, SIG_DFL)
            signal(SIGTERM, SIG_DFL)
            Output.write("\n", to: STDERR_FILENO)  // the Enter key was not echoed
        }
        // A terminal hands over one line per read; a pasted megabyte is refused, not kept.
        let bytes: [UInt8]
        switch try BoundedRead.bytes(from: STDIN_FILENO, limit: PasswordInput.byteLimit, line: true) {
        case .text(let typed): bytes = typed
        case .tooLong: throw Password.tooLong
        case .ended: throw InputError(message: "no password was entered")
        }
        guard var line = String(validating: bytes, as: UTF8.self) else {
            throw InputError(message: "the password is not UTF-8 text")
        }
        if line.hasSuffix("\r") { line.removeLast() }
        return line
    }

    private static let restoreAndExit: @convention(c) (Int32) -> Void = { signal in
        tcsetattr(STDIN_FILENO, TCSANOW, &SilentPrompt.saved)
        _ = write(STDERR_FILENO, "\n", 1)
        _exit(128 + signal)
    }
}
