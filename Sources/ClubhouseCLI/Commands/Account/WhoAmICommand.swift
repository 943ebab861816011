import ArgumentParser

struct WhoAmICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "whoami",
        abstract: "Print the signed-in user."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        try Output.reportingErrors {
            let user = try CommandContext.read(global) { app in try app.requireMain().user }
            Output.print(output.json ? try JSONOutput.render(UserJSON(user)) : user.username)
        }
    }
}
