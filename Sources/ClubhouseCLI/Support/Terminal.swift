import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

enum Terminal {
    /// Whether a person can answer prompts: standard input is a terminal.
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 }

    /// Whether a line on `descriptor` can be redrawn in place (carriage return, then erase to its
    /// end): a terminal whose `$TERM` names one with those capabilities. `TERM=dumb`, an empty or
    /// missing `$TERM` (no capability known) get plain lines instead, and never an escape sequence.
    static func canRedraw(_ descriptor: Int32) -> Bool {
        guard isatty(descriptor) == 1 else { return false }
        let name = ProcessInfo.processInfo.environment["TERM"] ?? ""
        return !name.isEmpty && name != "dumb" && name != "unknown"
    }
}
