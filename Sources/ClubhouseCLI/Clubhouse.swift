import ArgumentParser

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@main
struct Clubhouse: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clubhouse",
        abstract: "Football Gather and BookKitty, kept in SQLite between runs.",
        discussion: """
            Every run restores who is signed in, the selected tab and page and each tab's screens, \
            does one thing, and saves where you are.

            The database is --database PATH, else $CLUBHOUSE_DB, else \
            ${XDG_DATA_HOME:-$HOME/.local/share}/clubhouse/clubhouse.sqlite.
            """,
        subcommands: [
            RegisterCommand.self, LoginCommand.self, LogoutCommand.self, WhoAmICommand.self,
            PlayerCommand.self, GatherCommand.self, HomeCommand.self,
            TabCommand.self, PageCommand.self, BackCommand.self, NavCommand.self, OpenCommand.self,
            HistoryCommand.self, UndoCommand.self, ReopenCommand.self, CheckCommand.self, BackupCommand.self,
        ]
    )

    static func main() {
        // A reader that goes away (`| head -1`) must make a write fail with EPIPE, which Output
        // reports as a clean exit, instead of killing the process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        main(nil)
    }
}
