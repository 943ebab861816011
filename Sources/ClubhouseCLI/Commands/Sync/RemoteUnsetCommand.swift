import ArgumentParser
import Clubhouse
import ClubhouseSync

struct RemoteUnsetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unset",
        abstract: "Stop syncing: sign out of the server and forget it here.",
        discussion: """
            Signs this device out of the server when it can be reached (the token stops \
            working), then removes the server, the token and the changes not sent yet from \
            this database. Your records stay.
            """
    )

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let app = try CommandContext.app(global)
        guard try app.signedInUser() != nil else { throw ClubhouseError.notSignedIn }
        let waiting = try app.remote()?.waiting ?? 0
        guard try AsyncBridge.run({ try await app.unsetRemote() }) else {
            throw InputError(message: "no server is set; nothing to forget")
        }
        Output.print(
            waiting == 0
                ? "No longer syncing."
                : "No longer syncing; \(waiting) change\(waiting == 1 ? " that was not sent stays" : "s that were not sent stay") only here."
        )
    }
}
