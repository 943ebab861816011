import ArgumentParser
import Domain

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
        try Output.reportingErrors {
            guard let name else {
                Output.print(try ScreenCommand.current(global, json: output.json) { $0.page })
                return
            }
            Output.print(try ScreenCommand.write(global, json: output.json) { try $0.select(name) })
        }
    }
}
