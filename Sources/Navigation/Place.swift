import ClubhouseDomain

/// Where a screen lives: on a tab's stack, in a modal flow over the tabs, or in the login flow.
public enum Place: Equatable, Sendable {
    case tab(Tab)
    case modal
    case login
}

extension Screen {
    /// Where the screen is shown when opened by a link.
    public var place: Place {
        switch self {
        case .login, .register: .login
        case .home: .tab(.home)
        case .players, .newPlayer, .player, .editPlayer, .confirmPlayers: .tab(.players)
        case .library, .book: .tab(.library)
        case .questions, .question: .tab(.questions)
        case .profile, .gathers, .gather: .tab(.profile)
        case .newBook, .newQuestion: .modal
        }
    }

    /// The chain of screens that leads to this one from the root of its place, itself last:
    /// `players/3/edit/name` is `players > players/3 > players/3/edit/name`.
    public var chain: [Screen] {
        switch self {
        case .login, .home, .players, .library, .questions, .profile, .newBook, .newQuestion: [self]
        case .register: [.login, self]
        case .newPlayer, .player, .confirmPlayers: [.players, self]
        case .editPlayer(let id, _): [.players, .player(id), self]
        case .book: [.library, self]
        case .question: [.questions, self]
        case .gathers: [.profile, self]
        case .gather: [.profile, .gathers, self]
        }
    }
}
