import ArgumentParser
import Clubhouse

struct GatherCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gather",
        abstract: "Play a Football Gather match: pick teams, keep the score, run the countdown, end it.",
        discussion: """
            A gather in progress lives on the players tab (players > players/confirm > gathers/ID); \
            ended ones are history in the profile tab (profile > gathers > gathers/ID). The \
            countdown keeps real time between runs.
            """,
        subcommands: [
            GatherNewCommand.self, GatherShowCommand.self, GatherScoreCommand.self, GatherTimerCommand.self,
            GatherWatchCommand.self, GatherEndCommand.self, GatherCancelCommand.self, GatherListCommand.self,
            GatherDeleteCommand.self,
        ]
    )
}

/// What the gather commands share: how a gather is printed.
enum GatherOutput {
    static func render(_ model: GatherViewModel, json: Bool) throws -> String {
        json ? try JSONOutput.render(GatherJSON(model)) : GatherText.gather(model)
    }

    /// Performs an action on the gather in progress and prints it.
    static func play(_ global: GlobalOptions, json: Bool, _ action: GatherAction) throws {
        let outcome = try CommandContext.perform(global, Command(.gather(action)))
        guard case .gather(let model) = outcome.result else { return }
        CommandContext.warn(shown: model)
        Output.print(try render(model, json: json))
    }

    /// Unless `yes`, opens the gather in progress and asks `question` about it; a "no" stops the
    /// command with nothing changed but that screen being shown.
    static func confirm(_ app: ClubhouseApp, yes: Bool, _ question: (Gather) -> String) throws {
        guard !yes else { return }
        let shown = try CommandContext.perform(app, Command(.gather(.show)))
        guard case .gather(let model) = shown.result else { return }
        guard Confirmation.ask(question(model.gather), yes: false) else {
            Output.note("the gather goes on")
            throw ExitCode.failure
        }
    }
}

extension Team: ExpressibleByArgument {}
