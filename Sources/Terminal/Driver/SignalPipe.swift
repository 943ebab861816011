#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The write end of the self-pipe: a signal handler may only do async-signal-safe work, so it
/// writes the signal's number here and the main loop, woken by `poll`, does the rest.
nonisolated(unsafe) private var signalWriteEnd: Int32 = -1

private func noteSignal(_ number: Int32) {
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalWriteEnd, &byte, 1)  // non-blocking: a full pipe already holds a wake-up
}

/// SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGTSTP and SIGCONT turned into bytes on a pipe the main
/// loop polls.
final class SignalPipe {
    static let handled: [Int32] = [SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGTSTP, SIGCONT]
    let readEnd: Int32
    private let writeEnd: Int32

    init() throws(TerminalFailure) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw TerminalFailure("cannot make a pipe for signals") }
        readEnd = ends[0]
        writeEnd = ends[1]
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        signalWriteEnd = writeEnd
        for number in Self.handled { signal(number, noteSignal) }
        // A parent may have blocked them (a test runner does); this app handles them itself.
        var set = sigset_t()
        sigemptyset(&set)
        for number in Self.handled { sigaddset(&set, number) }
        sigprocmask(SIG_UNBLOCK, &set, nil)
    }

    /// The signals received since the last call, oldest first.
    func drain() -> [Int32] {
        var buffer = [UInt8](repeating: 0, count: 64)
        var numbers: [Int32] = []
        while true {
            let count = read(readEnd, &buffer, buffer.count)
            guard count > 0 else { break }
            numbers += buffer[0..<count].map(Int32.init)
        }
        return numbers
    }

    /// Stops the process as SIGTSTP's default action does (the shell gets the terminal back),
    /// and returns once it is continued (`fg`, SIGCONT), with this pipe's handler back.
    func stopUntilContinued() {
        signal(SIGTSTP, SIG_DFL)
        _ = raise(SIGTSTP)
        signal(SIGTSTP, noteSignal)
    }

    /// Puts the default actions back.
    func stop() {
        for number in Self.handled { signal(number, SIG_DFL) }
        signalWriteEnd = -1
        _ = close(readEnd)
        _ = close(writeEnd)
    }
}

/// The terminal could not be used (not one, too small, a write that failed): one line for people.
public struct TerminalFailure: Error, Equatable {
    public let message: String
    public let status: Int32

    init(_ message: String, status: Int32 = 1) {
        self.message = message
        self.status = status
    }
}
