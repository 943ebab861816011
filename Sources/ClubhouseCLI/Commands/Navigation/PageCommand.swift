import ArgumentParser
import Domain

struct PageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "page",
        abstract: "Print the home page view's page, or turn to another (this selects the home tab)."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The page to show: \(HomePage.allCases.map(\.rawValue).joined(separator: ", ")).")
    var name: HomePage?

    func run() throws {
        try Output.reportingErrors {
            guard let name else {
                let state = try CommandContext.read(global) { app in
                    _ = try app.requireMain()
                    return NavigationJSON(app)
                }
                Output.print(output.json ? try JSONOutput.render(state) : state.page ?? "")
                return
            }
            Output.print(try ScreenCommand.write(global, json: output.json) { try $0.select(name) })
        }
    }
}
