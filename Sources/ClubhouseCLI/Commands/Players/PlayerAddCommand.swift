import ArgumentParser
import Clubhouse
import Foundation

struct PlayerAddCommand: CheckedCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a player; says who was added, under which id.",
        discussion: """
            Runs the add-player form (players/new) and returns to the players list. Example:
              clubhouse player add --name "Zoë O'Brien" --age 27 --position striker

            On a terminal, without --name, it asks for each field in turn and keeps every answer \
            in the form's draft at once: interrupted, the next 'clubhouse player add' resumes the \
            draft and asks only for what is missing. Fields given as options fill the draft too. \
            --discard-draft starts afresh; 'clubhouse back' on the form discards it.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Option(help: "The player's name (1–100 characters).")
    var name: String?

    // Unconditional, so that `--age -3` reaches the age rule instead of looking like a flag.
    @Option(parsing: .unconditional, help: "Age in years, 5–99.")
    var age: Int?

    @Option(help: "How well they play.")
    var skill: Skill?

    @Option(help: "Where they play.")
    var position: Position?

    @Option(help: "Favourite team (up to 100 characters).")
    var favouriteTeam: String?

    // Unconditional, as --age: `--shirt-number -7` reaches the rule.
    @Option(parsing: .unconditional, help: "Shirt number, 1–99: one player of yours a number.")
    var shirtNumber: Int?

    @Flag(help: "Start from an empty form, dropping a draft left by an earlier run.")
    var discardDraft = false

    @Flag(name: .shortAndLong, help: "Print only the new player's id (for scripts).")
    var quiet = false

    func check() throws {
        if quiet, output.json {
            throw ValidationError("Give --quiet (the id alone) or --json (the player), not both.")
        }
        if name == nil, !Terminal.isInteractive {
            throw ValidationError("Missing '--name <name>' (on a terminal, the form asks for it).")
        }
    }

    /// The options given, as the form's fields.
    var given: [(name: String, text: String)] {
        var fields: [(name: String, text: String)] = []
        if let name { fields.append((PlayerField.name.rawValue, name)) }
        if let age { fields.append((PlayerField.age.rawValue, String(age))) }
        if let skill { fields.append((PlayerField.skill.rawValue, skill.rawValue)) }
        if let position { fields.append((PlayerField.position.rawValue, position.rawValue)) }
        if let favouriteTeam { fields.append((PlayerField.favouriteTeam.rawValue, favouriteTeam)) }
        if let shirtNumber { fields.append((PlayerField.shirtNumber.rawValue, String(shirtNumber))) }
        return fields
    }

    func run() throws {
        let outcome: Outcome
        if name != nil {
            outcome = try CommandContext.perform(
                global, Command(link: .screen(.newPlayer), .submit(given, discardingDraft: discardDraft)))
        } else {
            outcome = try FormPrompt.submit(global, link: .screen(.newPlayer), given: given, discardDraft: discardDraft)
        }
        guard case .form(.playerAdded(let player), let resumed) = outcome.result else { return }
        if !resumed.isEmpty, name != nil {
            Output.note("used the draft's \(resumed.joined(separator: ", ")) (--discard-draft starts afresh)")
        }
        if output.json {
            Output.print(PlayerJSON.object(player))
        } else if quiet {
            Output.print(String(player.id))
        } else {
            // A name that ends a sentence itself (`Jr.`) takes no second full stop.
            let name = TextOutput.escaped(player.name)
            Output.print("Added player \(player.id): \(name)\(name.hasSuffix(".") ? "" : ".")")
        }
    }
}
