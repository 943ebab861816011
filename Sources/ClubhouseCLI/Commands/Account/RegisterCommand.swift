import ArgumentParser
import Clubhouse

struct RegisterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "register",
        abstract: "Create an account and sign in to it (--no-login only creates it).",
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

    @Flag(name: .customLong("no-login"), help: "Only create the account; sign in later with 'clubhouse login'.")
    var noLogin = false

    @Option(
        name: .customLong("lands-on"),
        help: ArgumentHelp(
            "The tab this account's sign-ins land on, this one's too (as 'settings landing' sets it).", valueName: "tab"
        ))
    var landing: Tab?

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
        let outcome = try CommandContext.perform(
            global, Command(.register(username: username, password: password, signingIn: !noLogin, landing: landing)))
        let name = { (user: User) in TextOutput.escaped(user.username) }
        switch outcome.result {
        case .registered(let user):
            Output.print(
                output.json
                    ? try JSONOutput.render(user)
                    : "Registered \(name(user)). Sign in with: clubhouse login \(name(user))")
        case .signedIn(let user, let opened):
            if output.json {
                Output.print(try JSONOutput.render(user))
            } else if let opened {
                Output.print(
                    "Registered and signed in as \(name(user)).\nOpened \(TextOutput.escaped(opened)), the link you opened while signed out."
                )
            } else {
                Output.print("Registered and signed in as \(name(user)).")
            }
        default: break
        }
    }
}
