import ArgumentParser

/// The leaf command an argument list names (`player add …` is `PlayerAddCommand`), found by
/// command names alone, before any of ArgumentParser's work.
///
/// Parsing from the root builds and checks the whole tree of commands (and two pseudo-commands
/// for completion scripts) through reflection and runtime conformance lookups: about half of the
/// instructions of a command like `whoami`. Parsing only the leaf gives the same command for any
/// valid input; anything else (help, completion scripts, `--version`, an unknown word, a usage
/// error) goes the root's way, so that every message stays ArgumentParser's own.
enum CommandRoute {
    /// Arguments that only the root understands.
    private static let rootOnly: Set<String> = ["-h", "--help", "help", "--version"]

    static func leaf(_ root: ParsableCommand.Type, _ arguments: [String]) -> (ParsableCommand.Type, [String])? {
        let (command, index) = path(root, arguments)
        // A command with subcommands needs one of them (or the root's help).
        guard command != root, command.configuration.subcommands.isEmpty else { return nil }
        let rest = Array(arguments[index...])
        for argument in rest {
            if rootOnly.contains(argument) || argument.hasPrefix("--generate-completion")
                || argument.hasPrefix("--experimental") || argument == "--"
            {
                return nil
            }
        }
        return (command, rest)
    }

    /// The command the leading words name, and how many words name it (0: none, the root). A
    /// noun with a default verb (`settings` is `settings show`) names that verb when no word
    /// after it names another, as ArgumentParser reads it.
    static func path(_ root: ParsableCommand.Type, _ words: [String]) -> (command: ParsableCommand.Type, depth: Int) {
        var command = root
        var depth = 0
        while true {
            let configuration = command.configuration
            if depth < words.count, let next = configuration.subcommands.first(where: { matches($0, words[depth]) }) {
                command = next
                depth += 1
            } else if let verb = configuration.defaultSubcommand {
                command = verb
            } else {
                return (command, depth)
            }
        }
    }

    static func matches(_ command: ParsableCommand.Type, _ word: String) -> Bool {
        let configuration = command.configuration
        return configuration.commandName == word || configuration.aliases.contains(word)
    }

    /// The leaf parsed on its own, or nil when it does not accept the arguments as they are.
    static func parse(_ leaf: ParsableCommand.Type, _ arguments: [String]) -> ParsableCommand? {
        func parse<Leaf: ParsableCommand>(_: Leaf.Type) -> ParsableCommand? {
            guard let command = try? Only<Leaf>.parseAsRoot(arguments) else { return nil }
            return command is Leaf ? command : nil
        }
        return parse(leaf)
    }
}

/// A root whose one (default) command is `Leaf`. Marked as a "super-command", which is all that
/// spares ArgumentParser parsing the two completion-script pseudo-commands first: completion
/// requests never come this way (`CommandRoute.rootOnly`).
private struct Only<Leaf: ParsableCommand>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "clubhouse", _superCommandName: "clubhouse", subcommands: [Leaf.self],
            defaultSubcommand: Leaf.self)
    }
}
