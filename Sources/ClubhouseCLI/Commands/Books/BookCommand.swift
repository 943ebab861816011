import ArgumentParser

struct BookCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "book",
        abstract: "Add, list, show, search, remove and import the books of your BookKitty library.",
        subcommands: [
            BookAddCommand.self, BookListCommand.self, BookShowCommand.self, BookSearchCommand.self,
            BookRemoveCommand.self, BookImportCommand.self,
        ]
    )
}

/// `--page` and `--per-page` for the lists read a page at a time. Unconditional, so that a
/// negative number is a page out of range rather than a missing value.
struct PageOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "The page to print, from 1.")
    var page = 1

    @Option(parsing: .unconditional, help: "How many per page (1–1000).")
    var perPage: Int?
}
