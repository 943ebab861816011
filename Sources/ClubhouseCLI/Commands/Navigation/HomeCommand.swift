import ArgumentParser
import Clubhouse

struct HomeCommand: CheckedCommand {
    static let configuration = CommandConfiguration(
        commandName: "home",
        abstract: "Go to the home tab and print its selected page, or open a screen from one of its pages.",
        discussion: """
            Turn to another page with: clubhouse page results. A page opens screens of its own \
            over the home tab, as in the app: a player of the squad (home > players/ID), an ended \
            gather of the results (home > gathers/ID), a book of the reading list \
            (home > books/ISBN); 'clubhouse back' returns to the page. Each page keeps the \
            screens it opened while another page is on show.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Option(help: ArgumentHelp("Open a player from the squad page.", valueName: "id"))
    var player: Player.ID?

    @Option(help: ArgumentHelp("Open an ended gather from the results page.", valueName: "id"))
    var result: Gather.ID?

    @Option(help: ArgumentHelp("Open a book from the reading page.", valueName: "isbn"))
    var book: String?

    func check() throws {
        if [player != nil, result != nil, book != nil].filter({ $0 }).count > 1 {
            throw ValidationError("Open one screen at a time: --player, --result or --book.")
        }
    }

    func run() throws {
        let opening: (page: HomePage, screen: Screen)? =
            if let player { (.squad, .player(player)) } else if let result { (.results, .gather(result)) } else {
                book.map { (.reading, .book(isbn: $0)) }
            }
        if let (page, screen) = opening {
            // The page the screen belongs to, at its root, then the screen over it: one command.
            try ScreenCommand.run(CommandOptions(global, output), Command(.showOnPage(page, screen)))
            return
        }
        let outcome = try CommandContext.perform(global, .open(.screen(.home)))
        guard case .home(let model) = try outcome.requireMain().content else { return }
        CommandContext.warn(shown: model)
        Output.print(output.json ? try JSONOutput.render(HomeJSON(model)) : GatherText.home(model))
    }
}
