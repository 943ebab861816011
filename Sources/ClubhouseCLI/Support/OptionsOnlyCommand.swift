import ArgumentParser
import Clubhouse

/// A command whose only arguments are `--database PATH`, `--scene NAME`, `--json` and at most one
/// positional word: read-only looks and moves such as `whoami`, `nav` and `player show ID`, which
/// run in a few milliseconds. ArgumentParser's parse of even the leaf alone (`CommandRoute.parse`)
/// reflects over the command and looks up conformances at run time, about half of all the
/// instructions of `whoami` (issue 31); these are read here instead (`OptionsOnly`), and anything
/// else (a value starting with `-`, a repeat, another word) goes ArgumentParser's way.
///
/// The command's work is a static `run` on plain values, which its own `run()` calls with what
/// ArgumentParser parsed: the fast path never builds the command, whose option wrappers cost
/// about 1.5 M instructions to make.
protocol OptionsOnlyCommand: ParsableCommand {
    /// The positional argument's type (`NoArgument` for a command that takes none); not named
    /// `Argument`, which is ArgumentParser's property wrapper.
    associatedtype Word = NoArgument
    var global: GlobalOptions { get }
    var output: OutputOptions { get }
    /// The positional argument as ArgumentParser set it.
    var argument: Word { get }
    /// The positional argument read from its word (nil: none was given) by the type's own
    /// `ExpressibleByArgument` init, as ArgumentParser reads it; nil leaves the parse to
    /// ArgumentParser, which then says what is wrong.
    static func read(_ word: String?) -> Word?
    /// The command's work.
    static func run(_ options: CommandOptions, _ argument: Word) throws
}

extension OptionsOnlyCommand {
    func run() throws {
        try Self.run(CommandOptions(global, output), argument)
    }
}

/// The argument of a command that takes no positional word.
struct NoArgument {}

extension OptionsOnlyCommand where Word == NoArgument {
    var argument: NoArgument { NoArgument() }
    static func read(_ word: String?) -> NoArgument? { word == nil ? NoArgument() : nil }
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
        WhoAmICommand.self, NavCommand.self, BackCommand.self, PlayerListCommand.self, PlayerShowCommand.self,
        BookShowCommand.self, OpenCommand.self, TabCommand.self, PageCommand.self, GatherShowCommand.self,
    ]

    /// What the arguments say, read here: the command, its options and its positional word.
    struct Invocation {
        var command: any OptionsOnlyCommand.Type
        var options: CommandOptions
        var word: String?
    }

    /// The command's work with the arguments read as ArgumentParser would read them for it, or nil
    /// when `leaf` is not one of `commands` or the arguments are not the plain cases read here.
    static func runner(_ leaf: ParsableCommand.Type, _ arguments: [String]) -> (() throws -> Void)? {
        guard let invocation = read(leaf, arguments) else { return nil }
        return runner(invocation.command, invocation.options, invocation.word)
    }

    private static func runner<Command: OptionsOnlyCommand>(
        _ type: Command.Type, _ options: CommandOptions, _ word: String?
    ) -> (() throws -> Void)? {
        guard let argument = Command.read(word) else { return nil }
        return { try Command.run(options, argument) }
    }

    /// The options and word, or nil when `leaf` is not one of `commands` or an argument is not one
    /// of the plain cases (the word itself is read by `runner`).
    static func read(_ leaf: ParsableCommand.Type, _ arguments: [String]) -> Invocation? {
        guard let type = commands.first(where: { ObjectIdentifier($0) == ObjectIdentifier(leaf) }) else {
            return nil
        }
        var options = CommandOptions()
        var word: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if word == nil, isValue(argument) {
                word = argument
            } else if argument == "--json", !options.json {
                options.json = true
            } else if argument == "--database", options.database == nil, index + 1 < arguments.count,
                isValue(arguments[index + 1])
            {
                index += 1
                options.database = arguments[index]
            } else if argument.hasPrefix("--database="), options.database == nil,
                case let value = String(argument.dropFirst("--database=".count)), isValue(value)
            {
                options.database = value
            } else if argument == "--scene", options.scene == nil, index + 1 < arguments.count,
                SceneName.isValid(arguments[index + 1])
            {
                // A name that breaks the rule goes ArgumentParser's way, which reports it.
                index += 1
                options.scene = arguments[index]
            } else if argument.hasPrefix("--scene="), options.scene == nil,
                case let value = String(argument.dropFirst("--scene=".count)), SceneName.isValid(value)
            {
                options.scene = value
            } else {
                return nil
            }
            index += 1
        }
        return Invocation(command: type, options: options, word: word)
    }

    /// A word ArgumentParser takes as an option's value whatever the option: neither empty nor
    /// looking like an option.
    private static func isValue(_ word: String) -> Bool {
        !word.isEmpty && !word.hasPrefix("-")
    }
}
