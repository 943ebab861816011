import ArgumentParser

/// `clubhouse --database FILE player list` read as `clubhouse player list --database FILE`.
///
/// Every command takes `--database` and `--scene` (`GlobalOptions`), but ArgumentParser takes a
/// command's options only after its name, and people put the file first, as they do with git's
/// `-C`. Global options before the first command word move to just after the command's name
/// (so a `--` later on keeps its meaning); with no command they are kept for the app.
enum LeadingGlobalOptions {
    /// The options that may come first, each with one value (named as `GlobalOptions` names it).
    private static let valueNames = ["--database": "path", "--scene": "name"]
    private static var names: Dictionary<String, String>.Keys { valueNames.keys }

    /// ArgumentParser's sentence for a leading option given without its value (`clubhouse
    /// --database`, or one followed by another option), which the root parse cannot say: the
    /// root takes no global option. `rest`: what `placed` left after the leading options.
    static func missingValue(_ rest: [String]) -> String? {
        guard let word = rest.first, let value = valueNames[word] else { return nil }
        return "Missing value for '\(word) <\(value)>'"
    }

    /// The sentence for a leading `--database` whose value is a command's name while no command
    /// follows (`clubhouse --database whoami`, `--database player add`): the path was forgotten,
    /// and the command word would become a file (on a terminal, a new database made under it).
    /// `--database=whoami` and `./whoami` still name such a file; a scene may be named after a
    /// command (`--scene home` opens the app on it).
    static func commandTakenAsValue(_ options: [String], rest: [String], root: ParsableCommand.Type) -> String? {
        // Every command line comes this way: one without a leading `--database` walks nothing.
        guard options.contains("--database"), CommandRoute.path(root, rest).depth == 0 else { return nil }
        for (index, word) in options.enumerated() where word == "--database" && index + 1 < options.count {
            let value = options[index + 1]
            if root.configuration.subcommands.contains(where: { CommandRoute.matches($0, value) }) {
                return "'\(value)' is a command, not the <path> of '--database': clubhouse --database <path> \(value)"
            }
        }
        return nil
    }

    /// The leading global options; the arguments after them; and the arguments to parse: those,
    /// with the options put back after the command's name when they name a command. Arguments
    /// that do not start with a global option come back as they are.
    static func placed(_ arguments: [String], root: ParsableCommand.Type) -> (
        options: [String], rest: [String], toParse: [String]
    ) {
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            // A value that starts with "-" is another option, as ArgumentParser reads it.
            if names.contains(word), index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-") {
                index += 2
            } else if let equals = word.firstIndex(of: "="), names.contains(String(word[..<equals])) {
                index += 1
            } else {
                break
            }
        }
        // Most command lines start with the command: nothing to move, no command path to walk.
        guard index > 0 else { return ([], arguments, arguments) }
        let options = Array(arguments[..<index])
        let rest = Array(arguments[index...])
        let (command, depth) = CommandRoute.path(root, rest)
        // Short of a command (`--help`, `--version`, `player` alone, a misspelt word) the words
        // typed take no global option, and their own message stands without them.
        guard depth > 0, command.configuration.subcommands.isEmpty else {
            return (options, rest, rest)
        }
        return (options, rest, Array(rest[..<depth]) + options + Array(rest[depth...]))
    }
}
