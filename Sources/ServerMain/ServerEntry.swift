import ClubhouseServer

/// The executable's entry: Swift concurrency is moved onto the event loops before anything else
/// runs (see `ClubhouseServer.runTasksOnEventLoops`), then the command line is read.
@main
enum ServerEntry {
    static func main() async {
        ClubhouseServer.runTasksOnEventLoops()
        await ServerCommand.main()
    }
}
