import ArgumentParser

struct LoginCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in; you land on the home tab.",
        discussion: """
            The password is asked for without echo, or read from standard input with \
            --password-stdin. Only one user is signed in at a time: log out first to switch.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "Your username.")
    var username: String

    @Flag(name: .long, help: "Read the password from standard input instead of prompting.")
    var passwordStdin = false

    func run() throws {
        try Output.reportingErrors {
            let password = try PasswordInput.read(fromStandardInput: passwordStdin, confirm: false) {
                try CommandContext.read(global) { _ = try $0.requireLogin() }
            }
            let user = try CommandContext.write(global) { app in
                try app.requireLogin().signIn(username: username, password: password)
            }
            Output.print(output.json ? try JSONOutput.render(UserJSON(user)) : "Signed in as \(user.username).")
        }
    }
}
