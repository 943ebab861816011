import Clubhouse
import Foundation

extension TerminalModel {
    /// The focused field of `model`: the one stored with the screen (where typing, Tab or an
    /// arrow last put it, in any run), else the last field its draft holds, else the first.
    func focus(in model: FormViewModel) -> Int {
        if let name = state?.currentScreen.focus, let index = model.fields.firstIndex(where: { $0.name == name }) {
            return index
        }
        return model.fields.lastIndex { model.draft[$0.name] != nil } ?? 0
    }

    /// A form typed into only while it is the one on show with the draft this session last saw:
    /// a form another process or terminal typed into or replaced is never overwritten.
    func expectation(_ model: FormViewModel) -> ScreenExpectation? {
        user.map { ScreenExpectation(user: $0.id, screen: model.screen, draft: model.draft) }
    }

    mutating func insert(_ text: String) {
        switch overlay {
        case .commandLine(let line)?:
            overlay = .commandLine(TypedText.prefix(line + text, 1000))
            return
        case .search(let query)?:
            overlay = .search(TypedText.prefix(query + text, 1000))
            return
        default: break
        }
        switch screen {
        case .login, .register:
            guard !login.sending else { return }  // what was sent stays on show until it lands
            // A paste is inserted at once: what is past a field's bound (the username's and the
            // password's own, counted as their rules count) is left out, and the note says so.
            let (label, longest) =
                loginFocus == 0 ? ("Username", Username.maximumLength) : ("Password", Password.maximumLength)
            let typed = (loginFocus == 0 ? login.username : password) + text
            let kept = TypedText.prefix(typed, longest)
            if kept.count < typed.count {
                message = .note("\(label) takes at most \(longest) characters; the rest was left out")
            }
            if loginFocus == 0 {
                login.username = kept
            } else {
                password = kept
                login.passwordLength = password.count
            }
        case .form:
            guard case .form(let model)? = content else { return }
            let field = model.fields[focus(in: model)]
            // A field showing the record's value (an edit form, not yet typed into) is replaced
            // by what is typed, as a selected text field is: 40 and 1 is 1, not 401.
            let value = model.draft[field.name] == nil ? "" : value(of: field, in: model)
            // The field's limit applies as it is typed (a name's 100), as a browser's maxlength
            // does, counted as its rule counts (Unicode scalars) and cut in whole characters:
            // what is past it is left out, and the note says so.
            let longest = field.maxLength ?? FormDraft.longestField
            let typed = value + text
            let kept = TypedText.prefix(typed, longest)
            guard kept.count < typed.count else { return type(field, typed, model) }
            let note = "\(field.label) takes at most \(longest) characters; the rest was left out"
            guard kept.count > value.count else {
                message = .note(note)
                return
            }
            type(field, kept, model, cut: note)
        default: break
        }
    }

    mutating func deleteBackward() {
        switch overlay {
        case .commandLine(let line)?:
            overlay = line.isEmpty ? nil : .commandLine(String(line.dropLast()))
            return
        case .search(let query)?:
            overlay = query.isEmpty ? nil : .search(String(query.dropLast()))
            return
        default: break
        }
        switch screen {
        case .login, .register:
            guard !login.sending else { return }
            if loginFocus == 0 {
                if !login.username.isEmpty { login.username.removeLast() }
            } else if !password.isEmpty {
                password.removeLast()
                login.passwordLength = password.count
            }
        case .form:
            guard case .form(let model)? = content else { return }
            let field = model.fields[focus(in: model)]
            let value = value(of: field, in: model)
            guard !value.isEmpty else { return }
            type(field, String(value.dropLast()), model)
        default: break
        }
    }

    /// The next or previous of the focused field's fixed values (typing still works): round the
    /// list, through "none" where the field may be empty.
    mutating func pick(by step: Int) {
        if screen == .register {
            login.landing = login.landing.stepped(by: step)
            return
        }
        guard overlay == nil, case .form(let model)? = content else { return }
        let field = model.fields[focus(in: model)]
        guard !field.choices.isEmpty else {
            message = .note("\(field.label.lowercased()) has no list to pick from; type it")
            return
        }
        let options = (field.isRequired ? [] : [""]) + field.choices
        let now = value(of: field, in: model).lowercased()
        let next: Int
        if let index = options.firstIndex(of: now) {
            next = options.wrappedIndex(index, by: step)
        } else {
            next = step > 0 ? options.firstIndex { !$0.isEmpty } ?? 0 : options.count - 1
        }
        type(field, options[next], model)
    }

    /// One character more or less in a field: one transaction, saved in the form's draft as it
    /// stands, valid or not (an age of 1 on the way to 12): the form checks it when it is saved.
    private mutating func type(_ field: FormField, _ text: String, _ model: FormViewModel, cut: String? = nil) {
        guard text.count <= FormDraft.longestField else { return }
        run(
            .perform(Command(.typing([(field.name, text)]), expecting: expectation(model))),
            then: cut.map { .typedCut(note: $0) } ?? .typed)
    }

    /// What a field shows: its draft, else the record's value.
    func value(of field: FormField, in model: FormViewModel) -> String {
        FormDrawing.value(of: field, in: model.draft)
    }

    mutating func moveField(by step: Int) {
        switch screen {
        case .login, .register: loginFocus = [0, 1].around(loginFocus, by: step)
        case .form:
            guard case .form(let model)? = content else { return }
            focus(model.fields.around(focus(in: model), by: step), in: model)
        default: break
        }
    }

    /// Puts the cursor in `field`: saved with the form's screen, in its own transaction.
    mutating func focus(_ field: FormField, in model: FormViewModel) {
        run(.perform(Command(.focus(field.name), expecting: expectation(model))))
    }

    mutating func submit() {
        switch overlay {
        case .commandLine(let line)?:
            overlay = nil
            runCommandLine(line)
            return
        case .search(let query)?:
            overlay = nil
            runSearch(query)
            return
        default: break
        }
        switch screen {
        case .login, .register:
            if loginFocus == 0 {
                loginFocus = 1
            } else if !login.sending {
                signIn()
            }
        case .form:
            guard case .form(let model)? = content else { return }
            let index = focus(in: model)
            if index < model.fields.count - 1 {
                focus(model.fields[index + 1], in: model)
            } else {
                submitForm()
            }
        default: break
        }
    }

    mutating func submitForm() {
        let expecting: ScreenExpectation?
        switch content {
        case .form(let model)?: expecting = expectation(model)
        case .confirmPlayers(let model)?: expecting = expectation(model.form)
        default: return
        }
        // Everything typed is in the draft already; the form checks it now.
        run(
            .perform(Command(.submit([], discardingDraft: false), expecting: expecting)), then: .land(changesData: true)
        )
    }

    private mutating func signIn() {
        let username = login.username
        let secret = password
        // The password leaves the session's memory whatever happens next; the fields stay on
        // show as they were sent (its dots, the cursor where it was) until the answer comes.
        password = ""
        login.sending = true
        message = .note(registering ? "creating the account…" : "signing in…")
        run(.drawNow)
        run(
            registering
                ? .register(username: username, password: secret, landing: login.landing)
                : .signIn(username: username, password: secret),
            then: .signedIn)
    }

    mutating func clearLogin() {
        password = ""
        login = LoginFields()
        loginFocus = 0
    }

    /// Moves the selected player of the team picker to a team (or the bench): one fill of both
    /// teams' fields, in the confirm form's draft.
    mutating func assign(_ team: Team?) {
        guard case .confirmPlayers(let model)? = content, case .pick(let player, _)? = selectedRow else { return }
        var teams = Self.teams(model.form.draft)
        for side in Team.allCases { teams[side]!.removeAll { $0 == player.id } }
        if let team { teams[team]!.append(player.id) }
        // A team is saved only with someone in it: one that empties starts the draft afresh.
        let emptied = Team.allCases.contains {
            teams[$0]!.isEmpty && model.form.draft[ConfirmPlayersViewModel.field(for: $0)] != nil
        }
        let fields = Team.allCases.filter { !teams[$0]!.isEmpty }.map { side in
            (name: ConfirmPlayersViewModel.field(for: side), text: teams[side]!.map(String.init).joined(separator: ","))
        }
        let expecting = expectation(model.form)
        if emptied {
            // The fill expects the draft the discard leaves.
            run(.perform(Command(.discardDraft, expecting: expecting)), then: .refilled(fields))
        } else if !fields.isEmpty {
            run(.perform(Command(.fill(fields), expecting: expecting)))
        }
    }

    mutating func runSearch(_ query: String) {
        let words = query.trimmingCharacters(in: .whitespaces)
        guard !words.isEmpty else { return }
        if case .playerList(let model)? = content {
            // The players list finds a player by name and selects them, from the row after the
            // selected one: Enter on the same search again finds the next.
            run(.findPlayer(model, text: words, after: state?.currentScreen.selected.flatMap { Player.ID($0) }))
            return
        }
        run(windowed(Command(.search(words))))
    }
}
