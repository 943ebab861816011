#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

enum Terminal {
    /// Whether a person can answer prompts: standard input is a terminal.
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 }
}
