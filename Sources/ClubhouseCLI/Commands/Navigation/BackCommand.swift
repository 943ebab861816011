import ArgumentParser
import Clubhouse

struct BackCommand: OptionsOnlyCommand {
    static let configuration = CommandConfiguration(
        commandName: "back",
        abstract: "Go back one screen (at a tab's first screen it says so and changes nothing).",
        discussion: """
            Closes the screen on top of the selected tab, or of the flow open over the tabs. \
            Going back from a form discards what was typed into it.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    static func run(_ options: CommandOptions, _: NoArgument) throws {
        try ScreenCommand.run(options, Command(.back)) { $0.backGoesNowhere }
    }
}
