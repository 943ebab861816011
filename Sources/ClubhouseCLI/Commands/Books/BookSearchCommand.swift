import ArgumentParser
import Clubhouse

struct BookSearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find books on your shelf by the words of their title, author and description.",
        discussion: """
            A book matches when it holds every word, as a word or the start of one \
            ('herb' finds Herbert); best matches first, at most 50. Up to 200 characters and 32 \
            different words; words are runs of letters and digits, so text in scripts written \
            without spaces (Chinese, Japanese) is one word. Where you are does not change.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The words to look for (quoted or not).")
    var words: [String]

    func run() throws {
        let outcome = try CommandContext.look(global, .searchBooks(words.joined(separator: " ")))
        guard case .foundBooks(let books) = outcome.result else { return }
        CommandContext.warn(shown: books)
        Output.print(output.json ? BookJSON.array(books) : BookText.search(books))
    }
}
