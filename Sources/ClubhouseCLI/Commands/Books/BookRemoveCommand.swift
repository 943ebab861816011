import ArgumentParser
import Clubhouse

struct BookRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Take a book off your shelf (from library > books/ISBN).",
        discussion: """
            The book is kept, not deleted: the questions that recommended it still show it, and \
            'book add' with its ISBN puts it back. A removed book is never recommended again.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The book's ISBN-10 or ISBN-13.")
    var isbn: String

    func run() throws {
        let isbn = try ISBN(lookingUp: isbn)
        let outcome = try CommandContext.perform(
            global, Command(link: .screen(.book(isbn: isbn.digits)), .removeBook))
        guard case .bookRemoved(let book) = outcome.result else { return }
        Output.print("Took “\(TextOutput.escaped(book.title))” (ISBN \(book.isbn)) off your shelf.")
    }
}
