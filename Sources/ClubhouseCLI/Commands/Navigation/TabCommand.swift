import ArgumentParser
import Domain

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
        try Output.reportingErrors {
            guard let name else {
                Output.print(try ScreenCommand.current(global, json: output.json) { $0.tab })
                return
            }
            Output.print(try ScreenCommand.write(global, json: output.json) { try $0.select(name) })
        }
    }
}

extension Tab: ExpressibleByArgument {}
extension HomePage: ExpressibleByArgument {}
