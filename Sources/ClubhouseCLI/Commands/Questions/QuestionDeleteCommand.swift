import ArgumentParser
import Clubhouse

struct QuestionDeleteCommand: CheckedCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a question (from questions > questions/ID); asks first on a terminal.",
        discussion: "The books it recommended stay on your shelf."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var confirm: ConfirmOptions

    @Argument(help: "The question's id.")
    var id: Question.ID

    func check() throws {
        try Confirmation.requireAnswerable(yes: confirm.yes)
    }

    func run() throws {
        let app = try CommandContext.app(global)
        let link = Link.screen(.question(id))
        try Confirmation.confirmDeleting(link, in: app, yes: confirm.yes) { content in
            guard case .questionDetail(let question) = content else { return nil }
            return "Delete question #\(question.id) “\(TextOutput.escaped(question.text))”?"
        }
        let outcome = try CommandContext.perform(app, Command(link: link, .deleteQuestion))
        guard case .questionDeleted(let question) = outcome.result else { return }
        Output.print("Deleted question #\(question.id); its books stay on your shelf.")
    }
}
