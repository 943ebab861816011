import Clubhouse

extension TerminalModel {
    /// A library call's result, taken as the call's landing says.
    mutating func take(_ result: TerminalResult) {
        switch result {
        case .landed(.success(let new), let landing): landed(new, landing)
        case .landed(.failure(let error), let landing): failed(error, landing)
        case .windowRead(.success(let content)): window = storedWindow(content)
        case .windowRead(.failure(let error)):
            window = nil
            alert("The list could not be read", Self.describe(error))
        case .counted(let count):
            playerCount = count
            if case .playerList? = content { window?.total = count }
        case .found(.success(let player?), let text):
            run(windowed(Command(.moveSelection(.row(String(player.id))))))
            message = .note("found \(player.name) (#\(player.id)); / and Enter again finds the next holding '\(text)'")
        case .found(.success(nil), let text): message = .note("no player's name holds '\(text)'")
        case .found(.failure(let error), _): alert("Not searched", Self.describe(error))
        }
    }

    private mutating func landed(_ new: Outcome, _ landing: AfterCall) {
        switch landing {
        case .land(let changesData): land(new, changesData: changesData)
        case .typed:
            message = nil
            land(new, changesData: false)
        case .typedCut(let note):
            land(new, changesData: false)
            message = .note(note)
        case .turnedPage(let page, let by):
            land(new, changesData: false)
            if !outcome.moved, let why = page?.unturned(by: by) { message = .note(why) }
        case .wentBack:
            land(new, changesData: false)
            // At a tab's first screen back changes nothing, and says so (as the CLI's `back` does).
            if !outcome.moved, let state { message = .note(state.backGoesNowhere) }
        case .signedIn:
            land(new, changesData: false)
            registering = false
            clearLogin()
        case .refilled(let fields):
            guard !fields.isEmpty, case .main(_, _, .confirmPlayers(let model)) = new.view else {
                return land(new, changesData: false)
            }
            run(.perform(Command(.fill(fields), expecting: expectation(model.form))))
        case .then(let effect):
            land(new, changesData: false)
            run(effect)
        case .thenApply(let command):
            land(new, changesData: false)
            _ = apply(command)
        case .thenSearch(let words):
            land(new, changesData: false)
            runSearch(words)
        case .reloaded:
            outcome = new
            if !outcome.warnings.isEmpty { overlay = .warnings(outcome.warnings) }
            if case .note? = message { message = nil }
            reloadList()
        }
    }

    private mutating func failed(_ error: any Error, _ landing: AfterCall) {
        let text = Self.describe(error)
        switch landing {
        case .typed, .typedCut:
            if case ClubhouseError.notOnScreen = error {
                alert("Not typed", "this form was changed in another terminal or process; Ctrl-L shows it as it is now")
            } else {
                alert("Not typed", text)
            }
        case .signedIn:
            alert(registering ? "Account not created" : "Not signed in", text)
            // The password was sent and is gone: the cursor waits for it to be typed again.
            login.sending = false
            login.passwordLength = 0
            loginFocus = 1
        case .reloaded:
            alert("Not read again", text)
            reloadList()
        default:
            guard case .form(let model)? = content else { return alert("Not done", text) }
            alert("Not saved", text)
            // The cursor goes to the field the refusal names, to be mended there.
            if let named = Self.field(namedIn: text, of: model), named != focus(in: model) {
                focus(model.fields[named], in: model)
            }
        }
    }

    /// Puts a refusal on show as an alert, over the screen, until Enter or Esc.
    mutating func alert(_ title: String, _ text: String) {
        message = nil
        overlay = .alert(title: title, text: text)
    }

    /// The field of `model` that `message` names first ("age must be between 5 and 99"): each
    /// rule's message names its field as the declaration's label says it.
    static func field(namedIn message: String, of model: FormViewModel) -> Int? {
        let text = message.lowercased()
        let found = model.fields.indices.compactMap { index -> (Int, String.Index)? in
            let name = model.fields[index].label.lowercased()
            var searched = text.startIndex..<text.endIndex
            while let range = text.range(of: name, range: searched) {
                // A whole word: "age" is not the age of "page".
                let before = range.lowerBound == text.startIndex || !text[text.index(before: range.lowerBound)].isLetter
                let after = range.upperBound == text.endIndex || !text[range.upperBound].isLetter
                if before && after { return (index, range.lowerBound) }
                searched = range.upperBound..<text.endIndex
            }
            return nil
        }
        return found.min { $0.1 < $1.1 }?.0
    }

    mutating func land(_ new: Outcome, changesData: Bool) {
        if changesData { playerCount = nil }
        outcome = new
        if case .add? = overlay, user == nil { overlay = nil }  // signed out: no flow to add with
        // What was said about the screen left behind (a form's refusal) does not follow to the
        // next one; a move within the screen (a field, a row) keeps it.
        if Self.place(of: new.view) != new.before?.currentPlace { message = nil }
        if !new.warnings.isEmpty { overlay = .warnings(new.warnings) }
        if let note = new.notes.first ?? Self.note(new.result) { message = .note(note) }
        reloadList(landed: new.window)
    }

    /// Where a view is: the screen on show (with its tab and modal), or the login flow.
    static func place(of view: Outcome.View) -> String? {
        guard case .main(_, let state, _) = view else { return nil }
        return state.currentPlace
    }

    /// "gather ended 2-1: Team A won", as the CLI's `gather end` names the winner.
    private static func ended(_ gather: Gather) -> String {
        let winner = gather.ending?.winner ?? Winner.none
        return "gather ended \(gather.score.text): " + (winner == Winner.none ? "a draw" : "\(winner.rawValue) won")
    }

    static func note(_ result: ActionResult) -> String? {
        switch result {
        case .form(.playerAdded(let player), _): "added player #\(player.id) \(player.name)"
        case .form(.playerUpdated(let player), _): "saved player #\(player.id)"
        case .form(.gatherStarted(let gather), _): "gather #\(gather.id) started"
        case .form(.bookSaved(let save), _): "saved \(save.book.title)"
        case .form(.questionAsked(let question), _): "asked question #\(question.id)"
        case .registered(let user): "created \(user.username)"
        case .signedIn(let user, let link?): "signed in as \(user.username); opened \(link)"
        case .signedIn(let user, nil): "signed in as \(user.username)"
        case .signedOut(let user): "signed out \(user.username)"
        case .undone(let entry): "undone: back on \(entry.from) from \(entry.to)"
        case .reopened(let path): "reopened \(path)"
        case .playerDeleted(let player): "deleted player #\(player.id)"
        case .bookRemoved(let book): "took \(book.title) off the shelf"
        case .questionDeleted(let question): "deleted question #\(question.id)"
        case .gatherEnded(let model): ended(model.gather)
        case .gatherCancelled: "gather cancelled"
        case .gatherDeleted(let gather): "deleted gather #\(gather.id)"
        case .settings(let settings): "sign-in now lands on \(settings.landing.rawValue)"
        case .none, .linkKept, .history, .foundBooks, .gather, .booksImported: nil
        }
    }
}
