import Clubhouse

/// What the `:` command line asks for: any link, or one of the CLI's verbs spelled as on the
/// command line (`open players/1/edit/name`, `tab library`, `player add`, `gather score a`).
/// Parsing is pure; the session carries it out through the same road as the keys.
public enum CommandLineVerb: Equatable, Sendable {
    case open(String)
    case tab(Tab)
    case turnPage(Int)
    case back, undo, reopen, help, quit, signOut
    case search(String)
    case askQuestion(String?)
    case delete(link: String)
    case gather(GatherAction)

    public static let usage =
        "try open LINK, a link (players/1), tab NAME, page NAME|next|previous, back, undo, reopen, player add|show|edit|delete, book add|show|search|remove, question ask|show|delete, gather new|show|list|score|timer [set MM:SS]|end|cancel, logout, quit"

    /// The verb `text` spells, or the reason it spells none (for the message line).
    public static func parse(_ text: String) -> Result<CommandLineVerb?, ParseError> {
        let words = text.split(separator: " ").map(String.init)
        guard let verb = words.first else { return .success(nil) }
        let rest = Array(words.dropFirst())
        let argument = rest.joined(separator: " ")
        func link(_ path: String) -> Result<CommandLineVerb?, ParseError> {
            Link(path) == nil
                ? .failure(ParseError("'\(path.prefix(60))' is not a screen or a clubhouse:// link"))
                : .success(.open(path))
        }
        switch (verb, rest.count) {
        case ("open", 1): return link(rest[0])
        case ("tab", 1):
            if let tab = Tab(rawValue: rest[0]) { return .success(.tab(tab)) }
            if let number = Int(rest[0]), let tab = Tab(number: number) { return .success(.tab(tab)) }
            let names = Tab.allCases.map(\.rawValue)
            return .failure(
                ParseError(
                    "no tab '\(rest[0].prefix(40))': \(SpokenList.joined(names + ["1–\(names.count)"], "or"))"
                ))
        case ("page", 1):
            switch rest[0] {
            case "next": return .success(.turnPage(1))
            case "previous": return .success(.turnPage(-1))
            default:
                if let number = Int(rest[0]), (1...3).contains(number) {
                    return link("home/\(HomePage.allCases[number - 1].rawValue)")
                }
                return HomePage(rawValue: rest[0]) == nil
                    ? .failure(ParseError("no page '\(rest[0].prefix(40))': squad, results, reading, next or previous"))
                    : link("home/\(rest[0])")
            }
        case ("back", 0): return .success(.back)
        case ("undo", 0): return .success(.undo)
        case ("reopen", 0): return .success(.reopen)
        case ("help", 0), ("?", 0): return .success(.help)
        case ("q", 0), ("quit", 0): return .success(.quit)
        case ("logout", 0): return .success(.signOut)
        case ("home", 0): return link("home")
        case ("search", _) where !rest.isEmpty: return .success(.search(argument))
        default: break
        }
        switch (verb, rest.first, rest.count) {
        case ("player", "add", 1): return link("players/new")
        case ("player", "list", 1): return link("players")
        case ("player", "show", 2): return link("players/\(rest[1])")
        case ("player", "edit", 3): return link("players/\(rest[1])/edit/\(rest[2])")
        case ("player", "delete", 2): return link("players/\(rest[1])").map { _ in .delete(link: "players/\(rest[1])") }
        case ("book", "add", 1): return link("books/new")
        case ("book", "list", 1): return link("library")
        case ("book", "show", 2): return link("books/\(isbn(rest[1]))")
        case ("book", "remove", 2):
            return link("books/\(isbn(rest[1]))").map { _ in .delete(link: "books/\(isbn(rest[1]))") }
        case ("book", "search", _) where rest.count > 1:
            return .success(.search(rest.dropFirst().joined(separator: " ")))
        case ("question", "ask", _):
            return .success(.askQuestion(rest.count > 1 ? rest.dropFirst().joined(separator: " ") : nil))
        case ("question", "list", 1): return link("questions")
        case ("question", "show", 2): return link("questions/\(rest[1])")
        case ("question", "delete", 2):
            return link("questions/\(rest[1])").map { _ in .delete(link: "questions/\(rest[1])") }
        case ("gather", "new", 1): return link("players/confirm")
        case ("gather", "list", 1): return link("gathers")
        case ("gather", "show", 1): return .success(.gather(.show))
        case ("gather", "end", 1): return .success(.gather(.end))
        case ("gather", "cancel", 1): return .success(.gather(.cancel))
        case ("gather", "score", 2):
            guard let team = Team(rawValue: rest[1]) else { return .failure(ParseError("score a team: a or b")) }
            return .success(.gather(.play(.score(team, by: 1))))
        case ("gather", "timer", 2):
            switch rest[1] {
            case "start": return .success(.gather(.play(.startTimer)))
            case "pause": return .success(.gather(.play(.pauseTimer)))
            case "resume": return .success(.gather(.play(.resumeTimer)))
            case "reset": return .success(.gather(.play(.resetTimer)))
            default: return .failure(ParseError("gather timer start, pause, resume, reset or set MM:SS"))
            }
        case ("gather", "timer", 3) where rest[1] == "set":
            do {
                return .success(.gather(.play(.setTimer(try GatherTimer.duration(parsing: rest[2])))))
            } catch {
                return .failure(ParseError(error.message))
            }
        default: break
        }
        if rest.isEmpty, Link(verb) != nil { return .success(.open(verb)) }
        return .failure(ParseError("unknown command '\(text.prefix(40))'; \(usage)"))
    }

    /// An ISBN as typed (hyphens and spaces allowed), as its stored digits when it is one.
    private static func isbn(_ text: String) -> String {
        (try? ISBN(text).digits) ?? text
    }

    public struct ParseError: Error, Equatable {
        public let message: String
        init(_ message: String) { self.message = message }
    }
}

extension TerminalModel {
    mutating func runCommandLine(_ text: String) {
        switch CommandLineVerb.parse(text) {
        case .failure(let error): alert("Not a command", error.message)
        case .success(nil): break
        case .success(let verb?): run(verb)
        }
    }

    private mutating func run(_ verb: CommandLineVerb) {
        switch verb {
        case .open(let link): run(opening(link))
        case .tab(let tab): run(windowed(Command(.selectTab(tab))))
        case .turnPage(let by): _ = apply(.turnPage(by))
        case .back: run(windowed(Command(.back)))
        case .undo: run(windowed(Command(.undo)))
        case .reopen: run(windowed(Command(.reopen)))
        case .help: overlay = .help
        case .quit: pendingQuit = true
        case .signOut: run(.signOut, then: .land(changesData: true))
        case .search(let words):
            if screen != .library, screen != .searchResults {
                run(opening("library"), then: .thenSearch(words))
            } else {
                runSearch(words)
            }
        case .askQuestion(let text):
            // With its text it is asked at once, as `clubhouse question ask TEXT` is; a refused
            // text stays in the form, with why, to be mended.
            guard let text else { return run(opening("questions/new")) }
            let submit = TerminalEffect.call(
                .perform(Command(.submit([], discardingDraft: false))), then: .land(changesData: true))
            let type = TerminalEffect.call(
                .perform(Command(.typing([(FormField.questionText, text)]))), then: .then(submit))
            run(opening("questions/new"), then: .then(type))
        case .delete(let link): run(opening(link), then: .thenApply(.delete))
        case .gather(let action): run(.perform(Command(.gather(action))), then: .land(changesData: true))
        }
    }
}
