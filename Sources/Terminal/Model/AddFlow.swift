import Clubhouse

/// The modal flows that add a record, offered together over any tab (BookKitty's floating add
/// button): `n` on a tab without an add of its own, or `+` anywhere, opens the chooser.
public enum AddFlow: String, CaseIterable, Equatable, Sendable {
    case player, book, question

    /// The key that picks it in the chooser.
    public var key: Character {
        switch self {
        case .player: "p"
        case .book: "b"
        case .question: "q"
        }
    }

    public var label: String {
        switch self {
        case .player: "Add a player"
        case .book: "Add a book"
        case .question: "Ask a question"
        }
    }

    /// The flow's first screen.
    public var link: String {
        switch self {
        case .player: "players/new"
        case .book: "books/new"
        case .question: "questions/new"
        }
    }

    /// The flow `by` rows down the chooser (up when negative), going round.
    func moved(by rows: Int) -> AddFlow {
        stepped(by: rows)
    }

    /// What the chooser offers first on `tab`: its own flow, else a player (the first tab's).
    static func first(on tab: Tab?) -> AddFlow {
        switch tab {
        case .library?: .book
        case .questions?: .question
        default: .player
        }
    }
}
