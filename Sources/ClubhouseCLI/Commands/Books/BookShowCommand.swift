import ArgumentParser
import Clubhouse

struct BookShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one book (opens library > books/ISBN); a removed book still shows.",
        discussion: "A book recommended by a question opens from it with: clubhouse question show ID --book ISBN"
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The book's ISBN-10 or ISBN-13.")
    var isbn: String

    func run() throws {
        let isbn = try ISBN(lookingUp: isbn)
        let outcome = try CommandContext.perform(global, .open(.screen(.book(isbn: isbn.digits))))
        guard case .bookDetail(let book) = try outcome.requireMain().content else { return }
        CommandContext.warn(shown: book)
        Output.print(output.json ? BookJSON.object(book) : BookText.detail(book))
    }
}
