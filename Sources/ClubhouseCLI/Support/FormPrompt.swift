import Clubhouse

/// Fills a form on the terminal, as `gh issue create` does: opens it (resuming its draft), types
/// the options given, then asks for each field still missing. Every answer is its own action, so
/// it is in the stored draft as soon as Enter is pressed: a Ctrl-C, a closed terminal or a
/// killed process loses nothing already answered. Each answer, and the submit that follows,
/// expects the same user and form on show: another process may sign in someone else meanwhile.
enum FormPrompt {
    /// Opens the form, asks for what is missing, then submits it: the whole of `player add`,
    /// `book add` or `question ask` on a terminal.
    static func submit(
        _ global: GlobalOptions, link: Link, given: [(name: String, text: String)], discardDraft: Bool
    ) throws -> Outcome {
        let app = try CommandContext.app(global)
        let expecting = try run(app, link: link, given: given, discardDraft: discardDraft)
        return try CommandContext.perform(app, Command(.submit([], discardingDraft: false), expecting: expecting))
    }

    private static func run(
        _ app: ClubhouseApp, link: Link, given: [(name: String, text: String)], discardDraft: Bool
    ) throws -> ScreenExpectation {
        let opened = try CommandContext.perform(app, Command(link: link, discardDraft ? .discardDraft : .none))
        let main = try opened.requireMain()
        guard case .form(let form) = main.content else {
            throw ClubhouseError.notOnScreen("\(link.text) is not a form")
        }
        var expecting = ScreenExpectation(user: main.user.id, screen: form.screen, draft: form.draft)
        if !form.draft.isEmpty {
            let answered = form.fields.filter { form.draft[$0.name] != nil }.map(\.name)
            Output.note(
                "resuming your draft (\(answered.joined(separator: ", ")) already filled; --discard-draft starts afresh)"
            )
        }
        if !given.isEmpty {
            expecting.draft = try draft(CommandContext.perform(app, Command(.fill(given), expecting: expecting)))
        }
        let typed = Set(given.map(\.name))
        for field in form.missing where !typed.contains(field.name) {
            while true {
                let answer = try ask(field)
                do {
                    expecting.draft = try draft(
                        CommandContext.perform(app, Command(.fill([(field.name, answer)]), expecting: expecting)))
                    break
                } catch ClubhouseError.invalidInput(let reason) {
                    Output.note(reason)  // the same field is asked again
                }
            }
        }
        return expecting
    }

    /// The draft of the form an action left on show: what the next answer expects to find.
    static func draft(_ outcome: Outcome) throws -> FormDraft? {
        switch try outcome.requireMain().content {
        case .form(let form): form.draft
        case .confirmPlayers(let model): model.form.draft
        default: nil
        }
    }

    private static func ask(_ field: FormField) throws -> String {
        var prompt = "\(field.label) (\(field.hint))"
        if let current = field.current { prompt += " [now: \(TextOutput.escaped(current))]" }
        Output.prompt(prompt + ": ")
        guard let line = readLine(strippingNewline: true) else {
            throw InputError(
                message: "no answer for \(field.label.lowercased()); what you typed so far is kept in the draft")
        }
        return line
    }
}
