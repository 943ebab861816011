import ArgumentParser
import Clubhouse

struct BookAddCommand: CheckedCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a book to your shelf, or update the one with that ISBN.",
        discussion: """
            Runs the add-book flow (books/new) over whatever tab you are on, and ends on the \
            library tab. Adding an ISBN you already have updates that book, puts it back on the \
            shelf and makes it the most recently updated. Example:
              clubhouse book add --isbn 978-0-441-01359-3 --title Dune --author "Frank Herbert"

            On a terminal, without --isbn and --title, it asks for each field in turn and keeps \
            every answer in the form's draft at once: interrupted, the next 'clubhouse book add' \
            resumes the draft. --discard-draft starts afresh; 'clubhouse back' cancels the flow.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Option(help: "ISBN-10 or ISBN-13 (hyphens and spaces allowed); stored as ISBN-13.")
    var isbn: String?

    @Option(help: "The title (1–200 characters).")
    var title: String?

    @Option(help: "The author.")
    var author: String?

    @Option(help: "The publisher.")
    var publisher: String?

    @Option(help: "What the book is about (up to 4000 characters); searched by 'question ask'.")
    var description: String?

    @Option(parsing: .unconditional, help: "The price, such as 12.50.")
    var price: String?

    @Option(help: ArgumentHelp("The publication date.", valueName: "YYYY-MM-DD"))
    var published: String?

    @Flag(help: "Start from an empty form, dropping a draft left by an earlier run.")
    var discardDraft = false

    private var isComplete: Bool { isbn != nil && title != nil }

    func check() throws {
        if !isComplete, !Terminal.isInteractive {
            throw ValidationError(
                "Missing '--isbn <isbn>' or '--title <title>' (on a terminal, the form asks for them).")
        }
    }

    /// The options given, as the form's fields.
    var given: [(name: String, text: String)] {
        let values: [(BookField, String?)] = [
            (.isbn, isbn), (.title, title), (.author, author), (.publisher, publisher),
            (.description, description), (.price, price), (.published, published),
        ]
        return values.compactMap { field, value in value.map { (field.rawValue, $0) } }
    }

    func run() throws {
        let outcome: Outcome
        if isComplete {
            outcome = try CommandContext.perform(
                global, Command(link: .screen(.newBook), .submit(given, discardingDraft: discardDraft)))
        } else {
            outcome = try FormPrompt.submit(global, link: .screen(.newBook), given: given, discardDraft: discardDraft)
        }
        guard case .form(.bookSaved(let saved), let resumed) = outcome.result else { return }
        if !resumed.isEmpty, isComplete {
            Output.note("used the draft's \(resumed.joined(separator: ", ")) (--discard-draft starts afresh)")
        }
        let book = saved.book
        CommandContext.warn(shown: book)
        if output.json {
            Output.print(BookJSON.object(book))
            return
        }
        let name = "“\(TextOutput.escaped(book.title))” (ISBN \(book.isbn))"
        switch saved {
        case .added: Output.print("Added \(name) to your shelf.")
        case .updated(_, let cleared):
            Output.print("Updated \(name); it is on your shelf.")
            if !cleared.isEmpty {
                let fields = cleared.map { $0.label.lowercased() }.joined(separator: ", ")
                Output.note("cleared its \(fields): a field left out of book add is saved empty, as on the app's form")
            }
        }
    }
}
