import ArgumentParser
import Domain
import Foundation
import Persistence

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

    /// Runs a command's body; any failure that is not a usage error becomes one `error:` line on
    /// standard error and exit status 1.
    static func reportingErrors(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as ExitCode {
            throw error
        } catch {
            write("error: \(line(message(for: error)))\n", to: STDERR_FILENO)
            throw ExitCode.failure
        }
    }

    /// Writes all of `text`, or ends the process cleanly when it cannot: a full disk, a closed
    /// descriptor, or a reader that went away (`clubhouse player list | head -1`; SIGPIPE is
    /// ignored, so that shows up here as EPIPE). Whatever the command wrote to the database has
    /// committed by then; only its report is lost, so the exit status says so.
    static func write(_ text: String, to descriptor: Int32) {
        var text = text
        let failure: Int32? = text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return nil }
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(descriptor, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
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

    /// A message as one line a person can read: escaped, and cut short when a stored or typed
    /// value inside it is huge (a tampered row must not print megabytes).
    static func line(_ message: String) -> String {
        let limit = 400
        let escaped = TextOutput.escaped(message)
        guard escaped.unicodeScalars.count > limit else { return escaped }
        return String(String.UnicodeScalarView(escaped.unicodeScalars.prefix(limit))) + "… (cut short)"
    }

    static func message(for error: any Error) -> String {
        switch error {
        case let error as ClubhouseError: error.message
        case let error as StorageError: error.message
        case let error as InputError: error.message
        default: String(describing: error)
        }
    }
}

/// Problems with what the user typed that only the CLI can see (terminal, standard input).
struct InputError: Error {
    let message: String
}
