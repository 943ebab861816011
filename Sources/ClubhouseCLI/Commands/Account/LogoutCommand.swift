import ArgumentParser
import Clubhouse

struct LogoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Sign out and forget where you were; the next sign-in starts at home."
    )

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let outcome = try CommandContext.perform(global, Command(.signOut))
        guard case .signedOut(let user) = outcome.result else { return }
        CommandContext.warn(shown: user)
        Output.print("Signed out \(TextOutput.escaped(user.username)).")
    }
}
