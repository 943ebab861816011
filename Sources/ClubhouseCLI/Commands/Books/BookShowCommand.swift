import ArgumentParser
import Clubhouse

struct BookShowCommand: OptionsOnlyCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one book (opens library > books/ISBN); a removed book still shows.",
        discussion: "A book recommended by a question opens from it with: clubhouse question show ID --book ISBN"
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The book's ISBN-10 or ISBN-13.")
    var isbn: String

    var argument: String { isbn }
    static func read(_ word: String?) -> String? { Positional.required(word) }

    static func run(_ options: CommandOptions, _ isbn: String) throws {
        let isbn = try ISBN(lookingUp: isbn)
        let outcome = try CommandContext.perform(options, .open(.screen(.book(isbn: isbn.digits))))
        guard case .bookDetail(let book) = try outcome.requireMain().content else { return }
        CommandContext.warn(shown: book)
        Output.print(options.json ? BookJSON.object(book) : BookText.detail(book))
    }
}
