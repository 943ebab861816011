import ArgumentParser

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The database file (default: $CLUBHOUSE_DB, else the XDG data folder).", valueName: "path"),
        completion: .file())
    var database: String?
}

/// For commands that print records or state.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print JSON with stable keys instead of text.")
    var json = false
}
