import ClubhouseTestSupport
import Foundation
import Testing

/// What the tmux suites share: a new database, the CLI on it, Ana's account, and the shell line
/// that runs the app in a pane, prints its exit status on a line of its own and keeps the pane.
/// Those suites end in `AppTests` (the CLI's prompts on a pseudo-terminal: `PromptTests`).
struct TerminalAppFixture {
    let folder: TemporaryFolder
    let database: String
    let cli: ClubhouseProcess

    init() throws {
        folder = try TemporaryFolder()
        database = folder.path("app.sqlite")
        cli = ClubhouseProcess(database: database)
    }

    /// Registers Ana (password `s3cret-pass`), signed in unless told otherwise.
    func register(signingIn: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try cli.run(
            ["register", "ana", "--password-stdin"] + (signingIn ? [] : ["--no-login"]), stdin: "s3cret-pass\n")
        #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
    }

    /// The app on the database in a pane: `before` and `environment` go in front of it, `after`
    /// runs once it has exited (and printed `EXIT status`).
    func app(before: String = "", after: String = "", environment: String = "", scene: String? = nil) -> String {
        let binary = TmuxPane.quoted(ClubhouseProcess.binary.path)
        let options = scene.map { " --scene \($0)" } ?? ""
        return
            "\(before)\(environment) \(binary) app --database \(TmuxPane.quoted(database))\(options); echo \"EXIT $?\"; \(after) sleep 600"
    }
}
