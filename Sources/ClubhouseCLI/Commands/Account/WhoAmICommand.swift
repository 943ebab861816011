import ArgumentParser

struct WhoAmICommand: OptionsOnlyCommand {
    static let configuration = CommandConfiguration(
        commandName: "whoami",
        abstract: "Print the signed-in user."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    static func run(_ options: CommandOptions, _: NoArgument) throws {
        let user = try CommandContext.look(options).requireMain().user
        CommandContext.warn(shown: user)
        Output.print(options.json ? try JSONOutput.render(user) : TextOutput.escaped(user.username))
    }
}
