import ArgumentParser
import Clubhouse
import ClubhouseSync

struct RemoteSetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Sign in to a clubhouse-server to sync your records with it.",
        discussion: """
            Signs the user signed in here in to the server's account NAME (with --register, \
            creates that account first) and keeps the server's address and a sign-in token in \
            the database, which becomes readable by you only. The token is never printed. The \
            password is asked for without echo, or read from standard input with \
            --password-stdin, as for login:
              clubhouse remote set https://club.example.org --username ana --password-stdin <<< 's3cret-pass'
            The first sync then sends every record you have. Run it again when the server says \
            the sign-in expired; your unsent changes are kept.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The server's address, such as https://club.example.org.")
    var url: String

    @Option(name: .long, help: "Your account on the server.")
    var username: String

    @Flag(name: .long, help: "Create the account on the server first.")
    var register = false

    @Flag(name: .long, help: "Read the password from standard input instead of prompting.")
    var passwordStdin = false

    @Option(name: .long, help: "How your other devices name this one (default: the host name).")
    var deviceName: String?

    func run() throws {
        let app = try CommandContext.app(global)
        guard try app.signedInUser() != nil else { throw ClubhouseError.notSignedIn }
        let password = try PasswordInput.read(fromStandardInput: passwordStdin, confirm: register) {}
        let (url, username, register, deviceName) = (url, username, register, deviceName)
        let settings = try AsyncBridge.run {
            try await app.setRemote(
                url: url, username: username, password: password, register: register, deviceName: deviceName)
        }
        Output.print(
            "Syncing with \(TextOutput.escaped(settings.url)) as \(TextOutput.escaped(settings.username)); "
                + "\(settings.waiting == 1 ? "1 change waits" : "\(settings.waiting) changes wait") for clubhouse sync."
        )
    }
}
