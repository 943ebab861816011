import ArgumentParser

/// A command that judges its arguments together (`player add` without `--name` and without a
/// terminal, `--yes` needed without one): ArgumentParser's `validate()`, run as `check()`.
///
/// ArgumentParser validates a command before it looks for unknown options and extra arguments,
/// so a misspelt option would be reported as whatever its absence breaks (`player add --nmae Kai`:
/// "Missing '--name <name>'"). When a parse fails, `Clubhouse.main` parses again with the checks
/// put off (`isPutOff`): an unknown word found that way is the mistake to report.
protocol CheckedCommand: ParsableCommand {
    func check() throws
}

extension CheckedCommand {
    func validate() throws {
        if !CommandChecks.isPutOff { try check() }
    }
}

enum CommandChecks {
    @TaskLocal static var isPutOff = false

    /// The error to report for a parse that failed with `error`: the parse's own, or, when the
    /// arguments hold an unknown option or an extra word that a check spoke before, that one.
    static func firstMistake(_ error: any Error, parse: () throws -> Void) -> any Error {
        do {
            try $isPutOff.withValue(true) { try parse() }
            return error
        } catch {
            return error
        }
    }
}
