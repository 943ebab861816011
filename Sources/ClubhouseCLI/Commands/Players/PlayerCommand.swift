import ArgumentParser
import Clubhouse

struct PlayerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "player",
        abstract: "Add, list, search, show, edit, delete and mark your Football Gather players (the players tab).",
        subcommands: [
            PlayerAddCommand.self, PlayerListCommand.self, PlayerShowCommand.self, PlayerEditCommand.self,
            PlayerDeleteCommand.self, PlayerMarkCommand.self, PlayerUnmarkCommand.self, PlayerConfirmCommand.self,
            PlayerSearchCommand.self,
        ]
    )
}

extension Skill: ExpressibleByArgument {}
extension Position: ExpressibleByArgument {}
