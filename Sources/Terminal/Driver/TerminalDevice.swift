#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard input and output as a terminal: raw mode, the alternate screen, a hidden cursor, and
/// everything put back by `restore()` (cooked mode, the cursor, the main screen), which is safe
/// to call more than once and on every road out.
final class TerminalDevice {
    private var original = termios()
    private var raw = termios()
    private var isRaw = false

    static func size() -> (width: Int, height: Int)? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    func enter() throws(TerminalFailure) {
        guard tcgetattr(STDIN_FILENO, &original) == 0 else {
            throw TerminalFailure("cannot read the terminal's settings")
        }
        var raw = original
        // Keys arrive one at a time, unechoed; Ctrl-C, Ctrl-Z and Ctrl-S are keys, not signals.
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        self.raw = raw
        try resume()
    }

    /// Raw mode and the alternate screen again, as `enter` left them: after a suspension (the
    /// shell put the terminal back as it likes it) or a stop that could not be seen (SIGSTOP).
    func resume() throws(TerminalFailure) {
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else {
            throw TerminalFailure("cannot put the terminal in raw mode")
        }
        isRaw = true
        // Bracketed paste on: a paste comes marked, as one `.paste`, never as keys.
        try send(Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h\u{1B}[H\u{1B}[2J".utf8))
    }

    /// Puts the terminal back as it was. Writes may fail (the terminal is gone): what can be
    /// restored still is.
    func restore() {
        guard isRaw else { return }
        isRaw = false
        try? send(Array("\u{1B}[0m\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l".utf8))
        tcsetattr(STDIN_FILENO, TCSADRAIN, &original)
    }

    /// Writes all of `bytes` to standard output, or throws.
    func send(_ bytes: [UInt8]) throws(TerminalFailure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else if written < 0, errno == EAGAIN {
                var waiting = pollfd(fd: STDOUT_FILENO, events: Int16(POLLOUT), revents: 0)
                _ = poll(&waiting, 1, 1000)
            } else {
                throw TerminalFailure("cannot write to the terminal (\(String(cString: strerror(errno))))")
            }
        }
    }

    /// What standard input has now (after `poll` said so); empty at its end.
    func receive() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count > 0 { return Array(buffer[0..<count]) }
            if count < 0, errno == EINTR || errno == EAGAIN { return [] }
            return nil  // end of input or an error: the terminal is gone
        }
    }
}
