import ArgumentParser
import Clubhouse

struct TabCommand: OptionsOnlyCommand {
    static let configuration = CommandConfiguration(
        commandName: "tab",
        abstract: "Print the selected tab, or switch to another one.",
        discussion: "Each tab keeps its own screens: switching away and back returns where you were."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The tab to select, by name or by its number in the tab bar (1–5).")
    var name: Tab?

    var argument: Tab? { name }
    static func read(_ word: String?) -> Tab?? { Positional.optional(word) }

    static func run(_ options: CommandOptions, _ name: Tab?) throws {
        guard let name else {
            let outcome = try CommandContext.look(options)
            let main = try outcome.requireMain()
            if options.json { CommandContext.warn(shown: main.user) }
            Output.print(
                options.json
                    ? try JSONOutput.render(NavigationJSON(outcome, scene: try options.sceneName()))
                    : main.state.selectedTab.rawValue)
            return
        }
        try ScreenCommand.run(options, Command(.selectTab(name))) { _ in
            "Already on the \(name.rawValue) tab."
        }
    }
}

/// A tab or a page by its name, or by its place counted from 1 (`tab 2` is `players`).
private func named<Choice: CaseIterable & RawRepresentable<String>>(_ argument: String) -> Choice? {
    if let named = Choice(rawValue: argument) { return named }
    guard let number = Int(argument), (1...Choice.allCases.count).contains(number) else { return nil }
    return Array(Choice.allCases)[number - 1]
}

extension Tab: ExpressibleByArgument {
    public init?(argument: String) {
        guard let tab: Tab = named(argument) else { return nil }
        self = tab
    }
}

extension HomePage: ExpressibleByArgument {
    public init?(argument: String) {
        guard let page: HomePage = named(argument) else { return nil }
        self = page
    }
}
