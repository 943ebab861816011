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
    static func read(fromStandardInput: Bool, confirm: Bool, precheck: () throws -> Void) throws -> String {
        if fromStandardInput { return try readStandardInput() }
        guard isatty(STDIN_FILENO) == 1 else {
            throw InputError(message: "standard input is not a terminal; pass the password with --password-stdin")
        }
        try precheck()
        let password = try prompt("Password: ")
        if confirm, try prompt("Repeat password: ") != password {
            throw InputError(message: "the passwords do not match")
        }
        return password
    }

    /// Everything on standard input, less one trailing line break (as `<<<` and `echo` add).
    private static func readStandardInput() throws -> String {
        let data = FileHandle.standardInput.readDataToEndOfFile()
        guard var text = String(data: data, encoding: .utf8) else {
            throw InputError(message: "the password on standard input is not UTF-8 text")
        }
        if text.hasSuffix("\n") { text.removeLast() }  // "\r\n" is one Character, removed whole
        guard !text.isEmpty else { throw InputError(message: "no password on standard input") }
        return text
    }

    /// `getpass` reads from the controlling terminal with echo off and restores it afterwards.
    private static func prompt(_ text: String) throws -> String {
        guard let line = getpass(text) else { throw InputError(message: "could not read the password") }
        return String(cString: line)
    }
}
