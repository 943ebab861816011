import ArgumentParser
import Domain
import Foundation
import Persistence

/// Writing to the terminal, and the one place errors become an `error:` line and an exit code.
enum Output {
    /// Writes `text` and a newline to standard output in one call (lists can be long).
    static func print(_ text: String) {
        var line = text
        line.append("\n")
        FileHandle.standardOutput.write(Data(line.utf8))
    }

    /// Replaces the line the cursor is on (a live countdown on a terminal).
    static func redraw(_ text: String) {
        FileHandle.standardOutput.write(Data("\r\u{1B}[K\(text)".utf8))
    }

    static func warn(_ message: String) {
        FileHandle.standardError.write(Data("warning: \(line(message))\n".utf8))
    }

    /// A line for the person at the terminal that is not the command's output.
    static func note(_ message: String) {
        FileHandle.standardError.write(Data("note: \(line(message))\n".utf8))
    }

    /// A question on the terminal; the answer is typed on the same line.
    static func prompt(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Runs a command's body; any failure that is not a usage error becomes one `error:` line on
    /// standard error and exit status 1.
    static func reportingErrors(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as ExitCode {
            throw error
        } catch {
            FileHandle.standardError.write(Data("error: \(line(message(for: error)))\n".utf8))
            throw ExitCode.failure
        }
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
