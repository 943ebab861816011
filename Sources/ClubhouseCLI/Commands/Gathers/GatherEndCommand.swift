import ArgumentParser
import Clubhouse

struct GatherEndCommand: CheckedCommand {
    static let configuration = CommandConfiguration(
        commandName: "end",
        abstract: "End the gather in progress: its score and winner go to history; back to players.",
        discussion: "Asks first on a terminal; --yes skips the question."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var confirm: ConfirmOptions

    func check() throws {
        try Confirmation.requireAnswerable(yes: confirm.yes)
    }

    func run() throws {
        let app = try CommandContext.app(global)
        try GatherOutput.confirm(app, yes: confirm.yes) { gather in
            let score = gather.score
            return
                "End gather \(gather.id) at Team A \(score.a) – \(score.b) Team B (winner: \(Winner(score).rawValue))?"
        }
        let outcome = try CommandContext.perform(app, Command(.gather(.end)))
        guard case .gatherEnded(let model) = outcome.result else { return }
        CommandContext.warn(shown: model)
        Output.print(
            output.json
                ? try JSONOutput.render(GatherJSON(model))
                : GatherText.gather(model) + "\nKept in history: clubhouse gather list")
    }
}

struct GatherCancelCommand: CheckedCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel",
        abstract: "Discard the gather in progress without keeping it in history; back to players.",
        discussion: "Asks first on a terminal; --yes skips the question."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var confirm: ConfirmOptions

    func check() throws {
        try Confirmation.requireAnswerable(yes: confirm.yes)
    }

    func run() throws {
        let app = try CommandContext.app(global)
        try GatherOutput.confirm(app, yes: confirm.yes) { "Discard gather \($0.id)? It will not be kept." }
        let outcome = try CommandContext.perform(app, Command(.gather(.cancel)))
        guard case .gatherCancelled(let gather) = outcome.result else { return }
        Output.print("Gather \(gather.id) was cancelled.")
    }
}
