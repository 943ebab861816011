import ArgumentParser
import Clubhouse

struct OpenCommand: OptionsOnlyCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open a screen by its path or link (players/3, home/results, clubhouse://players/3).",
        discussion: """
            Selects the screen's tab and makes its stack the chain of screens that leads there \
            (players > players/3); the other tabs keep theirs. A link that names something that \
            does not exist changes nothing. Opened while signed out, the link opens right after \
            the next sign-in.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(
        help: ArgumentHelp("A screen path as 'clubhouse nav' prints it, or a clubhouse:// URL.", valueName: "link"))
    var link: String

    var argument: String { link }
    static func read(_ word: String?) -> String? { Positional.required(word) }

    static func run(_ options: CommandOptions, _ link: String) throws {
        guard let parsed = Link(link) else {
            throw ClubhouseError.invalidInput(
                "unknown screen '\(link)'; 'clubhouse nav' shows how screens are spelled")
        }
        let app = try CommandContext.app(options, creating: true)
        let outcome: Outcome
        do {
            outcome = try CommandContext.perform(app, .deepLink(parsed))
        } catch let error as ClubhouseError {
            // For a link, which part of it exists is worth saying.
            if case .unresolvedLink = error { throw InputError(message: error.message) }
            throw error
        }
        if !options.json, !outcome.moved, case .main(_, let state, _) = outcome.view, outcome.warnings.isEmpty {
            // Named as the link names it: `home/reading`, not the page view's `home`.
            Output.print("Already on \(TextOutput.escaped(state.currentPlace)); nothing changed.")
            return
        }
        if case .linkKept(let kept) = outcome.result, !options.json {
            Output.print("Not signed in: \(TextOutput.escaped(kept)) will open after you sign in.")
            return
        }
        try ScreenCommand.show(outcome, app, json: options.json)
    }
}
