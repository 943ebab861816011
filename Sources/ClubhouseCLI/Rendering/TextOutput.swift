import Clubhouse

/// Text for people: the screen a command landed on, and the navigation state.
enum TextOutput {
    static func screen(_ content: ScreenContent) -> String {
        switch content {
        case .login(let screen):
            screen == .register ? "Register" : "Signed out. Sign in with: clubhouse login USERNAME"
        case .home(let model):
            GatherText.home(model)
        case .playerList:
            // Streamed from the database instead (`writePlayerList`); never built as one string.
            "Players"
        case .playerDetail(let model):
            ([escaped(model.title)] + model.fields.map { "  \($0.label): \(escaped($0.value))" }).joined(
                separator: "\n")
        case .form(let model):
            form(model)
        case .confirmPlayers(let model):
            GatherText.confirm(model)
        case .gather(let model):
            GatherText.gather(model)
        case .gatherList(let models):
            GatherText.list(models)
        case .profile(let model):
            GatherText.profile(model)
        case .bookList(let page):
            BookText.list(page)
        case .bookDetail(let book):
            BookText.detail(book)
        case .questionList(let page):
            BookText.questions(page)
        case .questionDetail(let question):
            BookText.question(question)
        case .notBuilt:
            ""
        }
    }

    /// The `players` screen, streamed from the database in chunks: a table goes through the rows
    /// twice (measure, then write) in one read transaction, so it never holds them all.
    static func writePlayerList(_ rows: PlayerRows, to sink: @escaping (UnsafeRawBufferPointer) -> Void) throws {
        // Sized in a first pass that makes no Player of each row, then written in a second.
        var layout = PlayerTable.Layout()
        let summary = try rows.summarize { layout.include(name: $0) }
        layout.include(summary)
        guard !summary.isEmpty else {
            var text = noPlayers + "\n"
            text.withUTF8 { sink(UnsafeRawBufferPointer($0)) }
            return
        }
        try PlayerTable.write(layout, rows.forEach, to: sink)
    }

    private static let noPlayers = "No players yet. Add one with: clubhouse player add --name NAME"

    /// A form: each field with what the draft holds, and how to go on.
    static func form(_ model: FormViewModel) -> String {
        var lines = ["\(escaped(model.title)) (\(model.screen.path))"]
        for field in model.fields {
            var line = "  \(field.label): "
            // A cleared value is said in words: `""` reads as a typo.
            let saved = field.current.map { $0.isEmpty ? "empty" : quoted($0) }
            switch (model.draft[field.name], saved) {
            case (let typed?, let saved?): line += "\(quoted(typed))  (now: \(saved))"
            case (let typed?, nil): line += quoted(typed)
            // Prefilled with what is saved, as the app's form shows it until it is typed over.
            case (nil, let saved?): line += "\(saved)  (as saved)"
            case (nil, nil): line += "—"
            }
            lines.append(line)
        }
        switch model.screen {
        case .newPlayer: lines.append("Save it with: clubhouse player add (asks for what is missing)")
        case .newBook: lines.append("Save it with: clubhouse book add (asks for what is missing)")
        case .newQuestion: lines.append("Ask it with: clubhouse question ask (asks for what is missing)")
        case .editPlayer(let id, let field):
            lines.append("Save it with: clubhouse player edit \(id) --\(field.rawValue) VALUE")
        default: break
        }
        return lines.joined(separator: "\n")
    }

    /// Screen paths are spelled by the app, but a path may carry a stored value (an ISBN): escaped.
    static func breadcrumb(_ stack: [String]) -> String {
        stack.map(escaped).joined(separator: " > ")
    }

    static func navigation(_ state: NavigationJSON) -> String {
        guard state.flow == "main", let user = state.user, let tab = state.tab, let page = state.page else {
            return "signed out (login flow)\nstack: \(breadcrumb(state.stack))"
        }
        var lines = ["user:  \(escaped(user))", "tab:   \(tab)", "page:  \(page)", "stack: \(breadcrumb(state.stack))"]
        // The scene is named when it is not the one every command uses by default.
        if state.scene != SceneName.main.rawValue { lines.insert("scene: \(state.scene)", at: 0) }
        if let modal = state.modal { lines.append("modal: \(breadcrumb(modal))") }
        lines.append("tabs:")
        for tab in Tab.allCases {
            let name = tab.rawValue
            lines.append("  \(name.padding(10)) \(breadcrumb(state.stacks[name] ?? [name]))")
        }
        // A home page not on show is worth a line only when it keeps screens of its own.
        let pages = HomePage.allCases.compactMap { page in
            state.pages[page.rawValue].flatMap { $0.count > 1 && page.rawValue != state.page ? (page, $0) : nil }
        }
        if !pages.isEmpty { lines.append("other home pages:") }
        for (page, stack) in pages { lines.append("  \(page.rawValue.padding(10)) \(breadcrumb(stack))") }
        // A form with nothing typed under another screen (the confirm screen beneath the gather it
        // started) is not worth a line; one on show is, even empty.
        let onShow = Set(state.stacks.values.compactMap(\.last) + (state.modal?.last.map { [$0] } ?? []))
        for (label, drafts) in [("draft", state.drafts), ("kept draft", state.keptDrafts)] {
            for (path, draft) in drafts.sorted(by: { $0.key < $1.key }) where !draft.isEmpty || onShow.contains(path) {
                let fields = draft.sorted { $0.key < $1.key }.map { "\(escaped($0.key))=\(quoted($0.value))" }
                lines.append(
                    "\(label) \(escaped(path)): \(fields.isEmpty ? "(empty)" : fields.joined(separator: ", "))")
            }
        }
        for (path, key) in state.selections.sorted(by: { $0.key < $1.key }) {
            lines.append("selected in \(escaped(path)): \(escaped(key))")
        }
        for (path, marked) in state.marks.sorted(by: { $0.key < $1.key }) {
            let list = marked.isEmpty ? "nobody" : marked.map { "#\($0)" }.joined(separator: ", ")
            lines.append("marked in \(escaped(path)): \(escaped(list))")
        }
        return lines.joined(separator: "\n")
    }

    static func historyLine(_ entry: JournalEntry) -> String {
        // "2026-11-23T09:23:44.544Z" → "2026-11-23 09:23:44Z"
        let time =
            entry.at.count >= 19 ? entry.at.prefix(10) + " " + entry.at.dropFirst(11).prefix(8) + "Z" : entry.at[...]
        let kind = entry.kind == .navigate ? "" : "  (\(entry.kind.rawValue))"
        return "\(escaped(String(time)))  \(escaped(entry.from)) → \(escaped(entry.to))\(kind)"
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
