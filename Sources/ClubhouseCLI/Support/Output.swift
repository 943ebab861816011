import ArgumentParser
import Clubhouse
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing to the terminal, and the one place errors become an `error:` line and an exit code.
enum Output {
    /// Writes `text` and a newline to standard output in one call (lists can be long).
    static func print(_ text: String) {
        var line = text
        line.append("\n")
        write(line, to: STDOUT_FILENO)
    }

    /// Replaces the line the cursor is on (a live countdown on a terminal).
    static func redraw(_ text: String) {
        write("\r\u{1B}[K\(text)", to: STDOUT_FILENO)
    }

    static func warn(_ message: String) {
        write("warning: \(line(message))\n", to: STDERR_FILENO)
    }

    /// A line for the person at the terminal that is not the command's output.
    static func note(_ message: String) {
        write("note: \(line(message))\n", to: STDERR_FILENO)
    }

    /// A question on the terminal; the answer is typed on the same line.
    static func prompt(_ text: String) {
        write(text, to: STDERR_FILENO)
    }

    /// Reports a failure of a command's `run()` as one `error:` line on standard error; the
    /// exit status is 1. The one place errors become text (`Clubhouse.main` calls it).
    static func report(_ error: any Error) {
        write("error: \(line(message(for: error)))\n", to: STDERR_FILENO)
    }

    /// Writes bytes to standard output as they are: for renderers that stream long lists in
    /// chunks (`PlayerTable.write(_:_:to:)`).
    static func standardOutput(_ bytes: UnsafeRawBufferPointer) {
        write(bytes, to: STDOUT_FILENO)
    }

    static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0), to: descriptor) }
    }

    /// Writes all of `bytes`, or ends the process cleanly when it cannot: a full disk, a closed
    /// descriptor, or a reader that went away (`clubhouse player list | head -1`; SIGPIPE is
    /// ignored, so that shows up here as EPIPE). Whatever the command wrote to the database has
    /// committed by then; only its report is lost, so the exit status says so.
    private static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        var failure: Int32?
        while offset < bytes.count {
            let written = Foundation.write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            offset += written
        }
        guard let failure else { return }
        // The reader is gone: end quietly, as other command-line tools do.
        if failure == EPIPE { exit(1) }
        if descriptor != STDERR_FILENO {
            let reason = String(cString: strerror(failure))
            write("error: cannot write the output (\(reason))\n", to: STDERR_FILENO)
        }
        exit(1)
    }

    /// A message as one line a person can read: escaped (`TextOutput.escaped`), and cut short
    /// when a stored or typed value inside it is huge (a tampered row must not print megabytes).
    /// The cut falls between characters, never inside an escape or a grapheme.
    static func line(_ message: String) -> String {
        let (shown, isCut) = TextOutput.escaped(message, limit: 400)
        return isCut ? shown + "… (cut short)" : shown
    }

    /// The command that gets the user out of a dead end: command-line syntax belongs here, not in
    /// the layers below.
    private static func hint(for error: ClubhouseError) -> String {
        switch error {
        case .notSignedIn:
            "; sign in with: clubhouse login USERNAME (or create an account with: clubhouse register USERNAME)"
        case .noGatherInProgress: "; start one with: clubhouse gather new"
        case .gatherEnded(let id): "; delete it from history with: clubhouse gather delete \(id)"
        case .gatherStillInProgress: "; cancel it with: clubhouse gather cancel"
        default: ""
        }
    }

    static func message(for error: any Error) -> String {
        switch error {
        // A record that is not there, in plain words: which screens of a link exist is for
        // `open` to say (OpenCommand), not for `player show 99`.
        case ClubhouseError.unresolvedLink(let reason, _): reason
        case let error as ClubhouseError: error.message + hint(for: error)
        case let error as InputError: error.message
        default: ClubhouseError.message(of: error)
        }
    }
}

/// Problems with what the user typed that only the CLI can see (terminal, standard input).
struct InputError: Error {
    let message: String
}
