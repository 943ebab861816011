import ArgumentParser
import Clubhouse

struct QuestionListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List your questions, newest first (opens the questions tab).",
        discussion: "10 questions per page, as the app shows them; --page and --per-page choose another."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var paging: PageOptions

    func run() throws {
        let app = try CommandContext.app(global)
        let outcome = try CommandContext.perform(app, .open(.screen(.questions)))
        guard case .questionList(let first) = try outcome.requireMain().content else { return }
        let size = paging.perPage ?? Page<Question>.defaultSize
        let page =
            paging.page == 1 && size == first.size ? first : try app.readQuestions(page: paging.page, size: size)
        CommandContext.warn(shown: page)
        Output.print(output.json ? BookJSON.array(page.items) : BookText.questions(page))
    }
}
