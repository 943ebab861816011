import ArgumentParser

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The database file (default: $CLUBHOUSE_DB, else the XDG data folder).", valueName: "path"))
    var database: String?

    func validate() throws {
        // Without --database the environment names the file; a name in bytes that are not UTF-8
        // would silently become another path.
        guard database == nil, let name = RawInput.databaseVariableNotUTF8() else { return }
        Output.write("error: $\(name) is not valid UTF-8 text\n", to: STDERR_FILENO)
        throw ExitCode.validationFailure
    }
}

/// For commands that print records or state.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print JSON with stable keys instead of text.")
    var json = false
}
