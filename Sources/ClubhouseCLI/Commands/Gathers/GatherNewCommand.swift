import ArgumentParser
import Clubhouse

struct GatherNewCommand: CheckedCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Pick two teams and start a gather (players > players/confirm > gathers/ID).",
        discussion: """
            Give each team as player ids, as 'player list' shows them:
              clubhouse gather new --team-a 1,2,3 --team-b 4,5,6
            At least two players, both teams filled, nobody on both. On a terminal without the \
            team options, it asks who plays (more than 20 players are shown a page at a time: n \
            and p turn pages, /name searches); everyone picked starts on the bench and is moved \
            to Team A or Team B. Only one gather runs at a time.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Option(help: ArgumentHelp("Team A's player ids, separated by commas.", valueName: "ids"))
    var teamA: String?

    @Option(help: ArgumentHelp("Team B's player ids, separated by commas.", valueName: "ids"))
    var teamB: String?

    func check() throws {
        if (teamA == nil) != (teamB == nil) {
            throw ValidationError("Give both --team-a and --team-b.")
        }
        if teamA == nil, !Terminal.isInteractive {
            throw ValidationError("Missing '--team-a <ids>' and '--team-b <ids>' (on a terminal, it asks).")
        }
    }

    func run() throws {
        let outcome: Outcome
        if let teamA, let teamB {
            outcome = try CommandContext.perform(
                global,
                Command(
                    link: .screen(.confirmPlayers),
                    .submit([("team-a", teamA), ("team-b", teamB)], discardingDraft: true)))
        } else {
            let app = try CommandContext.app(global)
            let expecting = try TeamPicker.run(app)
            outcome = try CommandContext.perform(
                app, Command(.submit([], discardingDraft: false), expecting: expecting))
        }
        guard case .gather(let model) = try outcome.requireMain().content else { return }
        CommandContext.warn(shown: model)
        Output.print(try GatherOutput.render(model, json: output.json))
    }
}
