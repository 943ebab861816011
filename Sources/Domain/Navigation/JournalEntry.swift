/// One recorded navigation change: when, what kind, from which screen to which, and the whole
/// state before and after it (for undo), with the screen it closed, if any (for reopen).
public struct JournalEntry: Equatable, Sendable {
    public typealias ID = Int64

    public enum Kind: String, Sendable, CaseIterable {
        /// Any change made by a command (open, tab, page, back, a form).
        case navigate
        case undo
        case reopen
    }

    public var id: ID
    /// ISO-8601 UTC, as stored.
    public var at: String
    public var kind: Kind
    public var from: String
    public var to: String
    public var closed: String?

    public init(id: ID, at: String, kind: Kind, from: String, to: String, closed: String?) {
        self.id = id
        self.at = at
        self.kind = kind
        self.from = from
        self.to = to
        self.closed = closed
    }
}

/// A change about to be recorded.
public struct NavigationChange: Equatable, Sendable {
    public var kind: JournalEntry.Kind
    public var before: NavigationState
    public var after: NavigationState

    public init(kind: JournalEntry.Kind, before: NavigationState, after: NavigationState) {
        self.kind = kind
        self.before = before
        self.after = after
    }

    /// The screen this change closed: the one the user was looking at, or the top of a stack that
    /// changed, when it is on no stack any more. Roots are never closed.
    public var closed: String? {
        let remaining = Set(after.allScreens.map(\.path))
        let roots = Set(Tab.allCases.map(\.rawValue))
        var candidates = [before.currentScreen.path]
        for tab in Tab.allCases where before.stack(for: tab) != after.stack(for: tab) {
            if let top = before.stack(for: tab).last { candidates.append(top.path) }
        }
        // A home page's stack that changed while another page was on show (an adopted state).
        for page in HomePage.allCases where before.stack(on: page) != after.stack(on: page) {
            if let top = before.stack(on: page).last { candidates.append(top.path) }
        }
        if let top = before.modal?.stack.last { candidates.append(top.path) }
        return candidates.first { !roots.contains($0) && !remaining.contains($0) }
    }
}
