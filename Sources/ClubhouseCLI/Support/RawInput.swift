#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Text that reaches the process as bytes (arguments, the environment) must be UTF-8: Swift's
/// `CommandLine.arguments` and `ProcessInfo.environment` would silently replace bad bytes with
/// U+FFFD, and the command would act on a name or path nobody typed.
enum RawInput {
    /// The arguments after the program's name, or the position (from 1) of the first one that is
    /// not UTF-8.
    static func arguments() -> Result<[String], NotUTF8> {
        var arguments: [String] = []
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index], let text = String(validatingCString: pointer) else {
                return .failure(NotUTF8(position: index))
            }
            arguments.append(text)
        }
        return .success(arguments)
    }

    struct NotUTF8: Error {
        let position: Int
    }

    /// The environment variable that would name the database without --database (as
    /// `DatabaseLocation` reads them) when its bytes are not UTF-8; nil when all is well.
    static func databaseVariableNotUTF8() -> String? {
        for name in ["CLUBHOUSE_DB", "XDG_DATA_HOME", "HOME"] {
            guard let value = getenv(name), value[0] != 0 else { continue }
            // A relative XDG_DATA_HOME is ignored, as the XDG specification says.
            if name == "XDG_DATA_HOME", value[0] != CChar(UInt8(ascii: "/")) { continue }
            return String(validatingCString: value) == nil ? name : nil
        }
        return nil
    }
}
