import ArgumentParser

struct RemoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remote",
        abstract: "Set, show or forget the server your records sync with.",
        discussion: """
            Each device keeps its own database and works offline; `clubhouse sync` sends your \
            changes to a clubhouse-server and brings back those made on your other devices. \
            Set the server once per device with `remote set`.
            """,
        subcommands: [RemoteSetCommand.self, RemoteShowCommand.self, RemoteUnsetCommand.self]
    )
}
