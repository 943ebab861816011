import ArgumentParser

struct LogoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Sign out and forget where you were; the next sign-in starts at home."
    )

    @OptionGroup var global: GlobalOptions

    func run() throws {
        try Output.reportingErrors {
            let username = try CommandContext.write(global) { app in
                let main = try app.requireMain()
                try main.signOut()
                return main.user.username
            }
            Output.print("Signed out \(username).")
        }
    }
}
