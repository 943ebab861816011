import ArgumentParser
import Clubhouse

struct PlayerDeleteCommand: CheckedCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a player (from players > players/ID); asks first on a terminal.",
        discussion: "Gathers the player played in keep their name, team and position."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var confirm: ConfirmOptions

    @Argument(help: "The player's id.")
    var id: Player.ID

    func check() throws {
        try Confirmation.requireAnswerable(yes: confirm.yes)
    }

    func run() throws {
        let app = try CommandContext.app(global)
        let link = Link.screen(.player(id))
        try Confirmation.confirmDeleting(link, in: app, yes: confirm.yes) { content in
            guard case .playerDetail(let model) = content else { return nil }
            return "Delete \(TextOutput.escaped(model.title))?"
        }
        let outcome = try CommandContext.perform(app, Command(link: link, .deletePlayer))
        guard case .playerDeleted(let player) = outcome.result else { return }
        Output.print("Deleted \(TextOutput.escaped(player.name)) (#\(player.id)).")
    }
}
