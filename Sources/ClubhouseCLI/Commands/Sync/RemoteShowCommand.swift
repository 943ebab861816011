import ArgumentParser
import Clubhouse
import ClubhouseSync

struct RemoteShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the server you sync with (never the token).",
        discussion: """
            The server's address, your account there, this device's id and name, when it last \
            synced, how far its clock is from the server's and how many changes wait to be sent.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let app = try CommandContext.app(global)
        guard try app.signedInUser() != nil else { throw ClubhouseError.notSignedIn }
        let remote = try app.remote()
        if output.json {
            Output.print(try JSONOutput.render(remote))
            return
        }
        guard let remote else {
            Output.print("No server set; set one with: clubhouse remote set URL --username NAME")
            return
        }
        Output.print(
            """
            server:   \(TextOutput.escaped(remote.url))
            account:  \(TextOutput.escaped(remote.username))
            device:   \(remote.device) (\(TextOutput.escaped(remote.deviceName)))
            synced:   \(remote.lastSyncAt.map { TextOutput.escaped($0) } ?? "never")
            clock:    \(SyncText.offset(remote.clockOffsetMs))
            waiting:  \(remote.waiting) change\(remote.waiting == 1 ? "" : "s")
            """)
    }
}
