import Clubhouse

/// A screen's template and context, made from what the coordinators put on show.
struct ScreenPage {
    var template: String
    var title: String
    var context: Context

    static func make(
        _ content: ScreenContent, state: NavigationState, window: ListWindowContent?, view: PageView, frame: PageFrame
    ) -> ScreenPage {
        switch content {
        case .home(let model): return HomeScreen.page(model, state: state, frame: frame)
        case .playerList: return ListPages.players(window, state: state, frame: frame)
        case .playerDetail(let model): return RecordPages.player(model, frame: frame)
        case .form(let model): return FormPage.page(model, view: view, frame: frame)
        case .confirmPlayers(let model): return GatherPages.picker(model, view: view, frame: frame)
        case .gather(let model): return GatherPages.gather(model, view: view, frame: frame)
        case .gatherList(let models): return ListPages.gathers(window, all: models, frame: frame)
        case .profile(let model): return RecordPages.profile(model, frame: frame)
        case .bookList: return ListPages.books(window, state: state, frame: frame)
        case .bookDetail(let book): return RecordPages.book(book, frame: frame)
        case .questionList: return ListPages.questions(window, frame: frame)
        case .questionDetail(let question): return RecordPages.question(question, frame: frame)
        case .login, .notBuilt:
            return ScreenPage(template: "message", title: "Clubhouse", context: ["text": "Nothing to show here."])
        }
    }

    /// The confirmation a destructive button leads to (`?ask=`), or false when not asked (a
    /// template's section is left out for false; an optional would be drawn as "nil").
    static func confirmation(_ frame: PageFrame, place: String, asks: [String: (question: String, yes: String)])
        -> Any
    {
        guard let ask = frame.ask, let entry = asks[ask] else { return false }
        return ["question": entry.question, "yes": entry.yes, "do": ask, "noHref": frame.url(place)]
    }
}

/// A record's field as a page shows it: its declared label and its value as a form would show it.
enum FieldText {
    static func value<Field: RecordField>(_ field: Field, _ value: FieldValue) -> String {
        value == .null ? "" : field.rule.formText(value)
    }
}
