import ArgumentParser
import Domain

struct PlayerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "player",
        abstract: "Add, list and show your Football Gather players (the players tab).",
        subcommands: [PlayerAddCommand.self, PlayerListCommand.self, PlayerShowCommand.self]
    )
}

extension Skill: ExpressibleByArgument {}
extension Position: ExpressibleByArgument {}
