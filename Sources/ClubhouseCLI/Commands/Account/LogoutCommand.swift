import ArgumentParser
import Clubhouse

struct LogoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Sign out and forget where you were; the next sign-in starts at home (or your landing tab)."
    )

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let outcome: Outcome
        do {
            outcome = try CommandContext.perform(global, Command(.signOut))
        } catch let error as StorageError {
            // A changed version mark never keeps anyone signed in: when the tables are this
            // version's, sign out anyway, and say what is wrong with the file.
            guard case .versionMarkWrong(_, _, let tables) = error, tables == ClubhouseApp.schemaVersion else {
                throw error
            }
            Output.warn(error.message)
            outcome = try CommandContext.perform(
                ClubhouseApp(signingOutOf: try CommandContext.location(global)), Command(.signOut))
        }
        guard case .signedOut(let user) = outcome.result else { return }
        CommandContext.warn(shown: user)
        Output.print("Signed out \(TextOutput.escaped(user.username)).")
    }
}
