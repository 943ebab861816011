import ArgumentParser
import Clubhouse

struct TabCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tab",
        abstract: "Print the selected tab, or switch to another one.",
        discussion: "Each tab keeps its own screens: switching away and back returns where you were."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The tab to select.")
    var name: Tab?

    func run() throws {
        guard let name else {
            let outcome = try CommandContext.look(global)
            let main = try outcome.requireMain()
            if output.json { CommandContext.warn(shown: main.user) }
            Output.print(
                output.json ? try JSONOutput.render(NavigationJSON(outcome)) : main.state.selectedTab.rawValue)
            return
        }
        try ScreenCommand.run(global, json: output.json, Command(.selectTab(name)))
    }
}

extension Tab: ExpressibleByArgument {}
extension HomePage: ExpressibleByArgument {}
