import ArgumentParser
import Clubhouse

/// A command whose only arguments are `--database PATH`, `--scene NAME` and `--json`: read-only looks such as
/// `whoami` and `nav`, which run in a few milliseconds. ArgumentParser's parse of even the leaf
/// alone (`CommandRoute.parse`) reflects over the command and looks up conformances at run time,
/// about half of all the instructions of `whoami`; these two options are read here instead, and
/// anything else (a value starting with `-`, a repeat, another word) goes ArgumentParser's way.
protocol OptionsOnlyCommand: ParsableCommand {
    var global: GlobalOptions { get set }
    var output: OutputOptions { get set }
    /// Sets the positional argument from its word (nil: none was given), read by the type's own
    /// `ExpressibleByArgument` init as ArgumentParser reads it; false leaves the parse to
    /// ArgumentParser, which then says what is wrong. A command without one takes no word.
    mutating func take(_ word: String?) -> Bool
}

extension OptionsOnlyCommand {
    func take(_ word: String?) -> Bool { word == nil }
}

extension WhoAmICommand: OptionsOnlyCommand {}
extension NavCommand: OptionsOnlyCommand {}
extension BackCommand: OptionsOnlyCommand {}
extension PlayerListCommand: OptionsOnlyCommand {}

/// An `OptionsOnlyCommand` with one positional argument more (`player show ID`, `tab NAME`):
/// ArgumentParser's parse of the leaf alone still cost about half of `player show`'s
/// instructions, in reflection and conformance lookups (issue 31). Each implements `take`.
protocol OnePositionalCommand: OptionsOnlyCommand {}

extension PlayerShowCommand: OnePositionalCommand {
    mutating func take(_ word: String?) -> Bool { Positional.required(word).map { id = $0 } != nil }
}
extension BookShowCommand: OnePositionalCommand {
    mutating func take(_ word: String?) -> Bool { Positional.required(word).map { isbn = $0 } != nil }
}
extension OpenCommand: OnePositionalCommand {
    mutating func take(_ word: String?) -> Bool { Positional.required(word).map { link = $0 } != nil }
}
extension TabCommand: OnePositionalCommand {
    mutating func take(_ word: String?) -> Bool { Positional.optional(word).map { name = $0 } != nil }
}
extension PageCommand: OnePositionalCommand {
    mutating func take(_ word: String?) -> Bool { Positional.optional(word).map { page = $0 } != nil }
}
extension GatherShowCommand: OnePositionalCommand {
    mutating func take(_ word: String?) -> Bool { Positional.optional(word).map { id = $0 } != nil }
}

/// A positional word read as ArgumentParser reads it.
enum Positional {
    /// A required argument's value, or nil when the word is missing or not one.
    static func required<Value: ExpressibleByArgument>(_ word: String?) -> Value? {
        word.flatMap(Value.init(argument:))
    }

    /// An optional argument's value (`.some(nil)` without a word), or nil when the word is not one.
    static func optional<Value: ExpressibleByArgument>(_ word: String?) -> Value?? {
        guard let word else { return .some(nil) }
        return Value(argument: word).map { .some($0) }
    }
}

enum OptionsOnly {
    /// Listed rather than found by a dynamic cast, which would cost the conformance lookup this saves.
    static let commands: [any OptionsOnlyCommand.Type] = [
        WhoAmICommand.self, NavCommand.self, BackCommand.self, PlayerListCommand.self,
    ]
    /// The same, for the commands with one positional argument.
    static let positionalCommands: [any OnePositionalCommand.Type] = [
        PlayerShowCommand.self, BookShowCommand.self, OpenCommand.self, TabCommand.self, PageCommand.self,
        GatherShowCommand.self,
    ]

    /// The command with its options set, as ArgumentParser would parse `arguments` for it, or nil
    /// when `leaf` is not one of `commands` or the arguments are not the plain cases read here.
    static func parse(_ leaf: ParsableCommand.Type, _ arguments: [String]) -> ParsableCommand? {
        guard
            let type: any OptionsOnlyCommand.Type = positionalCommands.first(where: {
                ObjectIdentifier($0) == ObjectIdentifier(leaf)
            })
                ?? commands.first(where: { ObjectIdentifier($0) == ObjectIdentifier(leaf) })
        else { return nil }
        var database: String?
        var scene: String?
        var json = false
        var word: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if word == nil, isValue(argument) {
                word = argument
            } else if argument == "--json", !json {
                json = true
            } else if argument == "--database", database == nil, index + 1 < arguments.count,
                isValue(arguments[index + 1])
            {
                index += 1
                database = arguments[index]
            } else if argument.hasPrefix("--database="), database == nil,
                case let value = String(argument.dropFirst("--database=".count)), isValue(value)
            {
                database = value
            } else if argument == "--scene", scene == nil, index + 1 < arguments.count,
                SceneName.isValid(arguments[index + 1])
            {
                // A name that breaks the rule goes ArgumentParser's way, which reports it.
                index += 1
                scene = arguments[index]
            } else if argument.hasPrefix("--scene="), scene == nil,
                case let value = String(argument.dropFirst("--scene=".count)), SceneName.isValid(value)
            {
                scene = value
            } else {
                return nil
            }
            index += 1
        }
        // Every property is set, as ArgumentParser's parse leaves them (see OptionsOnlyTests).
        var global = GlobalOptions()
        global.database = database
        global.scene = scene
        var output = OutputOptions()
        output.json = json
        var command = type.init()
        guard command.take(word) else { return nil }
        command.global = global
        command.output = output
        return command
    }

    /// A word ArgumentParser takes as an option's value whatever the option: neither empty nor
    /// looking like an option.
    private static func isValue(_ word: String) -> Bool {
        !word.isEmpty && !word.hasPrefix("-")
    }
}
