/// The kinds of screen, as key handling and the help overlay see them.
public enum ScreenKind: String, Equatable, Sendable, CaseIterable {
    case login, register
    case home, players, playerDetail, form, teamPicker, gather, endedGather, gathers, profile
    case library, bookDetail, searchResults, questions, questionDetail
}

/// What is over the screen, taking the keys first.
public enum OverlayKind: Equatable, Sendable {
    case help, commandLine, search, confirm, warnings, add
}
