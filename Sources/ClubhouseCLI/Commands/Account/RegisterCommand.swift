import ArgumentParser
import Clubhouse

struct RegisterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "register",
        abstract: "Create an account (then sign in with 'clubhouse login').",
        discussion: """
            Usernames are 1–32 letters, digits, '.', '_' or '-', unique whatever their case. \
            Passwords need at least 8 characters.

            You are asked for the password twice without echo, or it is read from standard input \
            with --password-stdin:
              clubhouse register ana --password-stdin <<< 's3cret-pass'
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The username to register.")
    var username: String

    @Flag(name: .long, help: "Read the password from standard input instead of prompting.")
    var passwordStdin = false

    func run() throws {
        let password = try PasswordInput.read(
            fromStandardInput: passwordStdin, confirm: true,
            precheck: {
                // A name the rules refuse is said before any password is asked for.
                _ = try Username(username)
                try AccountCommand.requireSignedOut(global)
            },
            rules: { _ = try Password($0) })
        // Checked before the database is opened: a refused name must not leave a new file.
        _ = try Username(username)
        _ = try Password(password)
        let outcome = try CommandContext.perform(global, Command(.register(username: username, password: password)))
        guard case .registered(let user) = outcome.result else { return }
        Output.print(
            output.json
                ? try JSONOutput.render(UserJSON(user))
                : "Registered \(TextOutput.escaped(user.username)). Sign in with: clubhouse login \(TextOutput.escaped(user.username))"
        )
    }
}
