import ArgumentParser
import Clubhouse

struct GatherListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List ended gathers, newest first (opens profile > gathers)."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let outcome = try CommandContext.perform(global, .open(.screen(.gathers)))
        guard case .gatherList(let models) = try outcome.requireMain().content else { return }
        CommandContext.warn(shown: models)
        Output.print(output.json ? try JSONOutput.render(models.map(GatherJSON.init)) : GatherText.list(models))
    }
}

struct GatherDeleteCommand: CheckedCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Remove an ended gather from history (asks first on a terminal).",
        discussion: "A gather in progress is discarded with 'clubhouse gather cancel' instead."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var confirm: ConfirmOptions

    @Argument(help: "The gather's id, as 'gather list' shows it.")
    var id: Gather.ID

    func check() throws {
        try Confirmation.requireAnswerable(yes: confirm.yes)
    }

    func run() throws {
        let app = try CommandContext.app(global)
        let link = Link.screen(.gather(id))
        try Confirmation.confirmDeleting(link, in: app, yes: confirm.yes) { content in
            guard case .gather(let model) = content else { return nil }
            return "Delete gather \(model.gather.id) (\(GatherText.summary(model))) from history?"
        }
        let outcome = try CommandContext.perform(app, Command(link: link, .deleteGather))
        guard case .gatherDeleted(let gather) = outcome.result else { return }
        Output.print("Deleted gather \(gather.id) from history.")
    }
}
