import ArgumentParser
import Clubhouse

struct QuestionShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a question, its answer and its books (opens questions > questions/ID).",
        discussion: "With --book, opens one of its books over it: questions > questions/ID > books/ISBN."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The question's id, as printed by 'question ask' and 'question list'.")
    var id: Question.ID

    @Option(help: "One of the question's books to open, by ISBN.")
    var book: String?

    func run() throws {
        var command = Command.open(.screen(.question(id)))
        if let book { command.action = .show(.book(isbn: try ISBN(lookingUp: book).digits)) }
        let outcome = try CommandContext.perform(global, command)
        switch try outcome.requireMain().content {
        case .questionDetail(let question):
            CommandContext.warn(shown: question)
            Output.print(output.json ? BookJSON.object(question) : BookText.question(question))
        case .bookDetail(let book):
            CommandContext.warn(shown: book)
            Output.print(output.json ? BookJSON.object(book) : BookText.detail(book))
        default:
            break
        }
    }
}
