import ArgumentParser
import Clubhouse

struct LoginCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in; you land on home (or your settings landing tab), or on a link opened while signed out.",
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
        let password = try PasswordInput.read(fromStandardInput: passwordStdin, confirm: false) {
            try AccountCommand.requireSignedOut(global)
        }
        let outcome = try CommandContext.perform(global, Command(.signIn(username: username, password: password)))
        guard case .signedIn(let user, let opened) = outcome.result else { return }
        CommandContext.warn(shown: user)
        if output.json {
            Output.print(try JSONOutput.render(user))
        } else if let opened {
            Output.print(
                "Signed in as \(TextOutput.escaped(user.username)).\nOpened \(TextOutput.escaped(opened)), the link you opened while signed out."
            )
        } else {
            Output.print("Signed in as \(TextOutput.escaped(user.username)).")
        }
    }
}
