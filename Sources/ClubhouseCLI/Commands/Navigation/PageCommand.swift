import ArgumentParser
import Clubhouse

struct PageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "page",
        abstract: "Print the home page view's page, or turn to another (this selects the home tab)."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The page to show.")
    var name: HomePage?

    func run() throws {
        guard let name else {
            let outcome = try CommandContext.look(global)
            let main = try outcome.requireMain()
            if output.json { CommandContext.warn(shown: main.user) }
            Output.print(
                output.json ? try JSONOutput.render(NavigationJSON(outcome)) : main.state.selectedPage.rawValue)
            return
        }
        try ScreenCommand.run(global, json: output.json, .open(.page(name)))
    }
}
