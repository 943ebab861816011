import ArgumentParser
import Clubhouse

struct PageCommand: OptionsOnlyCommand {
    static let configuration = CommandConfiguration(
        commandName: "page",
        abstract: "Print the home page view's page, or turn to another (this selects the home tab).",
        discussion: """
            A page by name (squad, results, reading) or number (1–3), or the next or previous \
            one; the page view does not turn past its first or last page. A page shows the \
            screens it opened, as it was left.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The page to show: a name, a number, next or previous.")
    var page: PageChoice?

    var argument: PageChoice? { page }
    static func read(_ word: String?) -> PageChoice?? { Positional.optional(word) }

    static func run(_ options: CommandOptions, _ page: PageChoice?) throws {
        guard let page else {
            let outcome = try CommandContext.look(options)
            let main = try outcome.requireMain()
            if options.json { CommandContext.warn(shown: main.user) }
            Output.print(
                options.json
                    ? try JSONOutput.render(NavigationJSON(outcome, scene: try options.sceneName()))
                    : main.state.selectedPage.rawValue)
            return
        }
        let command: Command =
            switch page {
            case .page(let name): .open(.page(name))
            case .next: Command(.turnPage(by: 1))
            case .previous: Command(.turnPage(by: -1))
            }
        try ScreenCommand.run(options, command) { state in
            switch page {
            case .page(let name): "Already on the \(name.rawValue) page."
            case .next: state.selectedPage.unturned(by: 1) ?? "Already on the \(state.selectedPage.rawValue) page."
            case .previous: state.selectedPage.unturned(by: -1) ?? "Already on the \(state.selectedPage.rawValue) page."
            }
        }
    }
}

/// `page`'s argument: a page, or a direction to turn.
enum PageChoice: ExpressibleByArgument {
    case page(HomePage)
    case next, previous

    init?(argument: String) {
        switch argument {
        case "next": self = .next
        case "previous", "prev": self = .previous
        default:
            guard let page = HomePage(argument: argument) else { return nil }
            self = .page(page)
        }
    }

    static var allValueStrings: [String] { HomePage.allCases.map(\.rawValue) + ["next", "previous"] }
}
