import ArgumentParser
import Clubhouse
import Foundation

/// "Are you sure?" for commands that remove something: asked on a terminal, skipped with --yes,
/// and a usage error without a terminal (nobody could answer).
enum Confirmation {
    static func requireAnswerable(yes: Bool) throws {
        if !yes, !Terminal.isInteractive {
            throw ValidationError("Add --yes to confirm without a terminal.")
        }
    }

    /// Asks `question`; true only for an explicit yes. Not asked at all when `yes` was given.
    static func ask(_ question: String, yes: Bool) -> Bool {
        if yes { return true }
        Output.prompt("\(question) [y/N] ")
        guard let answer = readLine(strippingNewline: true) else { return false }
        return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// Before deleting the record at `link`: unless `yes`, opens it first so that `question` can
    /// name it from what its screen shows (and a wrong id fails here), then asks. No answer, or
    /// no question for that screen, ends the command: "nothing was deleted", exit 1.
    static func confirmDeleting(
        _ link: Link, in app: ClubhouseApp, yes: Bool, question: (ScreenContent) -> String?
    ) throws {
        if yes { return }
        let opened = try CommandContext.perform(app, .open(link))
        guard let question = question(try opened.requireMain().content), ask(question, yes: false) else {
            Output.note("nothing was deleted")
            throw ExitCode.failure
        }
    }
}

/// `--yes` for the commands that ask first.
struct ConfirmOptions: ParsableArguments {
    @Flag(name: [.short, .long], help: "Do not ask for confirmation.")
    var yes = false
}
