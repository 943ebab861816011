import ArgumentParser

/// ArgumentParser's sentence for a usage error, with what was typed either named or hidden.
///
/// ArgumentParser quotes what was typed in single quotes ("The value 'abc' is invalid for
/// '<id>'"). Each such quote is:
/// - named, escaped (`TextOutput.escaped`: a control character cannot reach the terminal) and cut
///   short past `shownLimit` (`'xxxx…'`), so that the user sees which word is wrong;
/// - hidden, as its position ("argument 3", counted from 1 after the program's name), when the
///   command line holds `login` or `register`: a password typed as an argument by mistake
///   (`clubhouse login ana hunter2`) must not be printed back to the screen, a log or a screen
///   share. Such a line may not parse far enough to tell where the command starts (`clubhouse --
///   login ana hunter2`), so the word anywhere is enough.
/// What the definitions say stays as it is: an option named as one that exists (`The option
/// '--json' does not take any value`), the accepted values and ArgumentParser's suggestion at the
/// end (`Did you mean '--database'?`), and the help and usage lines that follow the sentence.
/// At most `quotedLimit` typed values are shown in one message (`6 unexpected arguments: …`).
enum UsageErrorText {
    /// The commands that read a password: nothing typed on their line is quoted back.
    static let passwordCommands: [ParsableCommand.Type] = [LoginCommand.self, RegisterCommand.self]

    /// How much of one typed value is shown: scalars once escaped.
    static let shownLimit = 40
    /// How many typed values one message shows.
    static let quotedLimit = 5

    /// Whether this command line may hold a password typed as an argument.
    static func hidesValues(_ arguments: [String]) -> Bool {
        let names = passwordCommands.compactMap { $0.configuration.commandName }
        return arguments.contains { names.contains($0) }
    }

    /// A typed value as a message shows it: escaped, and cut short (`…`) past `shownLimit`.
    static func shown(_ typed: String) -> String {
        let (text, isCut) = TextOutput.escaped(typed, limit: shownLimit)
        return isCut ? text + "…" : text
    }

    /// `message` (ArgumentParser's sentence, without its `Error: ` and the lines after it) ready
    /// for the terminal: each typed value named or hidden, everything escaped.
    static func sentence(_ message: String, typed arguments: [String]) -> String {
        let hide = hidesValues(arguments)
        // Its one sentence that does not quote: `---x` is not an option's spelling.
        let invalid = "Invalid option: "
        if message.utf8.starts(with: invalid.utf8) {
            let typed = String(message.unicodeScalars.dropFirst(invalid.unicodeScalars.count))
            guard hide else { return invalid + shown(typed) }
            return arguments.lastIndex(of: typed).map { "\(invalid)argument \($0 + 1)" } ?? "Invalid option"
        }
        var out = ""
        for segment in segments(of: message, typed: arguments) {
            switch segment {
            case .text(let text): out += lines(text)
            case .typed(let text, let position): out += hide ? "argument \(position)" : "'\(shown(text))'"
            case .more: out += "…"
            }
        }
        return hide ? wording(out) : out
    }

    enum Segment: Equatable {
        case text(String)
        case typed(String, position: Int)
        /// Typed values past `quotedLimit`, left out.
        case more
    }

    /// `message` cut into what the definitions wrote and the quotes of what was typed. It is read
    /// as Unicode scalars, not characters: a typed value that starts with a combining mark makes
    /// one character of it and the quote before it.
    static func segments(of message: String, typed arguments: [String]) -> [Segment] {
        // What a quote can hold: a whole argument, or either side of `--option=value`. The last
        // position of each: extra arguments come after the expected ones.
        var positions: [String: Int] = [:]
        for (index, argument) in arguments.enumerated() {
            var candidates = [argument]
            if argument.hasPrefix("-"), let equals = argument.firstIndex(of: "=") {
                candidates += [String(argument[..<equals]), String(argument[argument.index(after: equals)...])]
            }
            for candidate in candidates where !candidate.isEmpty { positions[candidate] = index + 1 }
        }
        // By length in scalars, longest first, so that a quote is taken whole even when it holds a
        // shorter one; looked up, not compared one by one (thousands of extra arguments).
        var byLength: [Int: [ArraySlice<Unicode.Scalar>: (text: String, position: Int)]] = [:]
        for (text, position) in positions {
            let key = ArraySlice(text.unicodeScalars)
            byLength[key.count, default: [:]][key] = (text, position)
        }
        let lengths = byLength.keys.sorted(by: >)

        let scalars = Array(message.unicodeScalars)
        func occurrences(of text: String, from start: Int) -> [Int] {
            let pattern = Array(text.unicodeScalars)
            guard scalars.count - pattern.count >= start else { return [] }
            return (start...(scalars.count - pattern.count)).filter {
                scalars[$0] == pattern.first && scalars[$0..<($0 + pattern.count)].elementsEqual(pattern)
            }
        }
        func text(_ range: Range<Int>) -> String {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[range])
            return String(view)
        }

        // An option named as one that exists, before anything typed.
        var start = 0
        if message.utf8.starts(with: "The option '".utf8),
            let end = occurrences(of: "' does not take any value", from: 0).first
        {
            start = end + "' does not take any value".unicodeScalars.count
        }
        // Every quote of something typed, left to right.
        var quotes: [(range: Range<Int>, text: String, position: Int)] = []
        var index = start
        scan: while index < scalars.count {
            if scalars[index] == "'" {
                for length in lengths {
                    let close = index + 1 + length
                    guard close < scalars.count, scalars[close] == "'",
                        let candidate = byLength[length]?[scalars[(index + 1)..<close]]
                    else { continue }
                    quotes.append((index..<(close + 1), candidate.text, candidate.position))
                    index = close + 1
                    continue scan
                }
            }
            index += 1
        }
        // The accepted values or a suggestion, at the end: the last such marker outside a typed
        // value (one may be typed: `login ana "x. Did you mean 'y"`). Quotes inside stay as written.
        var listed = scalars.count
        for marker in [". Please provide one of ", ". Did you mean '"] {
            let genuine = occurrences(of: marker, from: start).last { found in
                !quotes.contains { $0.range.lowerBound < found && found < $0.range.upperBound }
            }
            if let genuine {
                listed = genuine
                break
            }
        }

        var segments: [Segment] = []
        var textStart = 0
        for (count, quote) in quotes.filter({ $0.range.upperBound <= listed }).enumerated() {
            segments.append(.text(text(textStart..<quote.range.lowerBound)))
            if count == quotedLimit {
                segments.append(.more)
                textStart = listed
                break
            }
            segments.append(.typed(quote.text, position: quote.position))
            textStart = quote.range.upperBound
        }
        segments.append(.text(text(textStart..<scalars.count)))
        return segments.filter { $0 != .text("") }
    }

    /// Text the definitions wrote, escaped line by line: its own line breaks stay.
    static func lines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { TextOutput.escaped(String($0)) }
            .joined(separator: "\n")
    }

    /// Reads ArgumentParser's sentences (1.8.2) again with a position in place of a quote.
    private static func wording(_ line: String) -> String {
        line.replacing("Unexpected argument argument ", with: "Unexpected argument ")
            .replacing("The value argument ", with: "The value of argument ")
            .replacing("Unknown option argument ", with: "Unknown option: argument ")
    }
}
