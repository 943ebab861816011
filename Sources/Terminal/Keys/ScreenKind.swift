/// The kinds of screen, as key handling and the help overlay see them.
public enum ScreenKind: String, Equatable, Sendable, CaseIterable {
    case login, register
    case home, players, playerDetail, form, teamPicker, gather, endedGather, gathers, profile
    case library, bookDetail, searchResults, questions, questionDetail

    /// Whether the screen is pushed over its tab's first screen: there the tab bar is hidden and
    /// its keys do nothing, as a pushed view controller with `hidesBottomBarWhenPushed` (back at
    /// the tab's first screen the bar returns). A form or a detail is always over a list; the
    /// gather history is over Profile.
    public var isPushed: Bool {
        switch self {
        case .login, .register, .home, .players, .library, .searchResults, .questions, .profile: false
        case .playerDetail, .form, .teamPicker, .gather, .endedGather, .gathers, .bookDetail, .questionDetail: true
        }
    }
}

/// What is over the screen, taking the keys first.
public enum OverlayKind: Equatable, Sendable {
    case help, commandLine, search, confirm, warnings, add, alert
}
