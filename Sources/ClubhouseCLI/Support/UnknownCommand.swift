import ArgumentParser
import Clubhouse

/// A word typed where a command goes that is not one (`clubhouse team list`, `clubhouse player lst`),
/// named with the nearest command of that level. ArgumentParser only says "Unexpected argument"
/// there, as it does for a leaf's extra arguments.
///
/// What is named is the one word in the command position, escaped and cut short (`UsageErrorText.shown`):
/// the commands before it are words of ours, and nothing typed after it is shown (a password typed
/// after a misspelt `login` stays hidden).
enum UnknownCommand {
    /// The error's sentence (without ArgumentParser's `Error: `) when `arguments` stop at a
    /// command with subcommands on a word that is none of them, or nil when they do not (a leaf's
    /// arguments, an option, the root's `help`: ArgumentParser's message stands).
    static func message(_ arguments: [String], root: ParsableCommand.Type) -> String? {
        var command = root
        var path: [String] = []
        for (index, word) in arguments.enumerated() {
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty, command.configuration.defaultSubcommand == nil else { return nil }
            if let next = subcommands.first(where: { CommandRoute.matches($0, word) }) {
                command = next
                path.append(word)
                continue
            }
            // An option (`-` alone is a value), and the help command ArgumentParser adds to the root.
            if word.count > 1, word.hasPrefix("-") { return nil }
            if command == root, word == "help" { return nil }
            let following = arguments.index(after: index) < arguments.endIndex ? arguments[index + 1] : nil
            return sentence(word, after: path, among: subcommands, followedBy: following)
        }
        return nil
    }

    private static func sentence(
        _ word: String, after path: [String], among subcommands: [ParsableCommand.Type], followedBy following: String?
    ) -> String {
        let shown = (path + [UsageErrorText.shown(word)]).joined(separator: " ")
        let names = subcommands.filter { $0.configuration.shouldDisplay }.compactMap { $0.configuration.commandName }
        var suggestions = nearest(word, among: names).map { (path + [$0]).joined(separator: " ") }
        // `team list`: no command is close to `team`, but `list` is a command of some of them.
        if suggestions.isEmpty, let following {
            suggestions = subcommands.compactMap { group in
                guard let name = group.configuration.commandName,
                    let leaf = group.configuration.subcommands.first(where: { CommandRoute.matches($0, following) }),
                    let leafName = leaf.configuration.commandName
                else { return nil }
                return (path + [name, leafName]).joined(separator: " ")
            }
        }
        if !suggestions.isEmpty {
            return "Unknown command '\(shown)'. Did you mean \(SpokenList.joined(suggestions.map { "'\($0)'" }, "or"))?"
        }
        let level = path.isEmpty ? "The commands" : "The \(path.joined(separator: " ")) commands"
        return "Unknown command '\(shown)'. \(level) are \(SpokenList.joined(names))."
    }

    /// The names closest to `word`, ignoring case, if any is close enough to be a slip of the
    /// fingers: one edit (a letter missing, extra, wrong, or two swapped) for a word of up to 5
    /// characters, two from 6.
    static func nearest(_ word: String, among names: [String]) -> [String] {
        let typed = Array(word.lowercased())
        let allowed = max(1, min(2, typed.count / 3))
        var best: [String] = []
        var bestDistance = allowed + 1
        for name in names {
            let candidate = Array(name.lowercased())
            // The difference in length is a lower bound: a long word is never compared in full.
            guard abs(candidate.count - typed.count) <= allowed else { continue }
            let distance = editDistance(typed, candidate)
            if distance > allowed { continue }
            if distance < bestDistance {
                bestDistance = distance
                best = [name]
            } else if distance == bestDistance {
                best.append(name)
            }
        }
        return best
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
    /// neighbours (`lsit` is one edit from `list`).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
