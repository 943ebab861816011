import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A pseudo-terminal to stand in for a person at a keyboard: the child gets the terminal end as
/// standard input, the test types into the other end and reads back what the terminal echoed.
/// The suites that use it end in `PromptTests` (the CLI's prompts and output on a terminal); the
/// full-screen app's suites, in tmux, end in `AppTests` (see `TerminalAppFixture`).
final class PseudoTerminal {
    let controller: Int32
    let terminal: FileHandle

    init() throws {
        // posix_openpt and friends are not in Swift's Glibc module; this is what they do on Linux.
        let tiocgptn: UInt = 0x8004_5430  // get the pair's number
        let tiocsptlck: UInt = 0x4004_5431  // lock or unlock the terminal end
        controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard controller >= 0, ioctl(controller, tiocsptlck, &unlock) == 0, ioctl(controller, tiocgptn, &number) == 0
        else { throw CocoaError(.fileReadUnknown) }
        let fd = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard fd >= 0 else { throw CocoaError(.fileReadUnknown) }
        terminal = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    }

    deinit {
        close(controller)
    }

    /// Whether the terminal echoes what is typed.
    var echoes: Bool {
        var settings = termios()
        tcgetattr(terminal.fileDescriptor, &settings)
        return settings.c_lflag & tcflag_t(ECHO) != 0
    }

    func type(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
    }

    /// Everything the terminal has echoed so far.
    func echoed() -> String {
        _ = fcntl(controller, F_SETFL, fcntl(controller, F_GETFL) | O_NONBLOCK)
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(controller, &buffer, buffer.count)
            guard count > 0 else { break }
            out += buffer[0..<count]
        }
        return String(decoding: out, as: UTF8.self)
    }
}
