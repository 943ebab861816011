import ArgumentParser

struct WhoAmICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "whoami",
        abstract: "Print the signed-in user."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let user = try CommandContext.look(global).requireMain().user
        CommandContext.warn(shown: user)
        Output.print(output.json ? try JSONOutput.render(user) : TextOutput.escaped(user.username))
    }
}
