/// A usage error that points at what was typed by its position instead of quoting it: a password
/// typed as an argument by mistake (`clubhouse login ana hunter2`) must not be printed back to the
/// screen, a log or a screen share. ArgumentParser quotes the typed text in single quotes
/// ("Unexpected argument 'hunter2'"); each such quote becomes "argument 3" (counted from 1 after
/// the program's name), and the usage and help lines that follow are kept.
enum UsageErrorText {
    static func hidingValues(_ message: String, typed arguments: [String]) -> String {
        // What a quote can hold: a whole argument, or either side of `--option=value`.
        var positions: [String: Int] = [:]
        for (index, argument) in arguments.enumerated() {
            var candidates = [argument]
            if argument.hasPrefix("-"), let equals = argument.firstIndex(of: "=") {
                candidates += [String(argument[..<equals]), String(argument[argument.index(after: equals)...])]
            }
            // The last one: extra arguments come after the expected ones.
            for candidate in candidates where !candidate.isEmpty { positions[candidate] = index + 1 }
        }
        // Longest first, so that a quote is replaced whole even when it contains a shorter one.
        let replacements = positions.sorted { $0.key.count > $1.key.count }

        var lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for index in lines.indices {
            // The rest is generated from the commands' definitions, never from what was typed.
            if lines[index].hasPrefix("Usage:") || lines[index].hasPrefix("Help:") { break }
            let (namedPart, typedPart, listedPart) = split(lines[index])
            var line = typedPart
            for (text, position) in replacements {
                line = line.replacing("'\(text)'", with: "argument \(position)")
            }
            lines[index] = namedPart + wording(line) + listedPart
        }
        return lines.joined(separator: "\n")
    }

    /// The parts of a line that come from the definitions, around the part that may quote what
    /// was typed: an option named as one that exists (`The option '--json' does not take any
    /// value`), and the accepted values or a suggestion at the end (a quoted `'a'` there stays
    /// even when `a` was typed somewhere).
    private static func split(_ line: String) -> (named: String, typed: String, listed: String) {
        var named = ""
        var rest = Substring(line)
        if line.hasPrefix("Error: The option '"), let end = line.ranges(of: "' does not take any value").first {
            named = String(line[..<end.upperBound])
            rest = line[end.upperBound...]
        }
        for marker in [". Please provide one of ", ". Did you mean '"] {
            if let range = rest.ranges(of: marker).last {
                return (named, String(rest[..<range.lowerBound]), String(rest[range.lowerBound...]))
            }
        }
        return (named, String(rest), "")
    }

    /// Reads ArgumentParser's sentences (1.8.2) again with a position in place of a quote.
    private static func wording(_ line: String) -> String {
        line.replacing("Unexpected argument argument ", with: "Unexpected argument ")
            .replacing("The value argument ", with: "The value of argument ")
            .replacing("Unknown option argument ", with: "Unknown option: argument ")
    }
}
