import ArgumentParser

struct BackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "back",
        abstract: "Go back one screen in the selected tab (nothing happens at a tab's root)."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        try Output.reportingErrors {
            Output.print(try ScreenCommand.write(global, json: output.json) { try $0.back() })
        }
    }
}
