import ArgumentParser
import Clubhouse

struct BookListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the books on your shelf, most recently updated first (opens the library tab).",
        discussion: "12 books per page, as the app shows them; --page and --per-page choose another."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var paging: PageOptions

    func run() throws {
        let app = try CommandContext.app(global)
        let outcome = try CommandContext.perform(app, .open(.screen(.library)))
        guard case .bookList(let first) = try outcome.requireMain().content else { return }
        let size = paging.perPage ?? Page<Book>.defaultSize
        // The first page was read with the screen; another is read after the navigation committed.
        let page = paging.page == 1 && size == first.size ? first : try app.readBooks(page: paging.page, size: size)
        CommandContext.warn(shown: page)
        Output.print(output.json ? BookJSON.array(page.items) : BookText.list(page))
    }
}
