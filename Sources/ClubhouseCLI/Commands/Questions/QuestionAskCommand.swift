import ArgumentParser
import Clubhouse

struct QuestionAskCommand: CheckedCommand {
    static let configuration = CommandConfiguration(
        commandName: "ask",
        abstract: "Ask a question; it is answered from your own shelf and opens questions > questions/ID.",
        discussion: """
            Runs the ask-question flow (questions/new). The books on your shelf are ranked by how \
            well their title, author and description fit the question's words (full-text search, \
            no network); the best three are recommended, in order, with why. Example:
              clubhouse question ask "What should I read about deserts and politics?"

            On a terminal, without TEXT, it asks for it and keeps it in the form's draft.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The question, 10–100 characters (quoted or not).")
    var words: [String] = []

    /// The question typed after `ask`, or nil for the form to ask for it.
    private var text: String? { words.isEmpty ? nil : words.joined(separator: " ") }

    @Flag(help: "Start from an empty form, dropping a draft left by an earlier run.")
    var discardDraft = false

    func check() throws {
        if text == nil, !Terminal.isInteractive {
            throw ValidationError("Missing the question (on a terminal, the form asks for it).")
        }
    }

    func run() throws {
        let field = FormField.questionText
        let outcome: Outcome
        if let text {
            outcome = try CommandContext.perform(
                global, Command(link: .screen(.newQuestion), .submit([(field, text)], discardingDraft: discardDraft)))
        } else {
            outcome = try FormPrompt.submit(global, link: .screen(.newQuestion), given: [], discardDraft: discardDraft)
        }
        guard case .form(.questionAsked(let question), _) = outcome.result else { return }
        CommandContext.warn(shown: question)
        Output.print(output.json ? BookJSON.object(question) : BookText.question(question))
    }
}
