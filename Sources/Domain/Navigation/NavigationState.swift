/// The whole navigation state of a signed-in user, as one value: the selected tab and home page,
/// every tab's stack of screens (root first), the stacks of the home pages not on show, and an
/// optional modal flow presented over the tabs.
/// Coordinators are built from it and write back to it; it is what is stored, with `version`.
///
/// Screens are plain paths here (`players/3`); the Navigation layer parses and validates them, so
/// Domain and Persistence never depend on route types, and the stored form never names a Swift type.
public struct NavigationState: Equatable, Sendable {
    /// Bumped whenever the stored shape changes; older versions are upgraded, never dropped.
    /// 1: stacks of paths only. 2: screens carry form drafts; a modal flow; since schema 6, the
    /// drafts a link set aside (a column of their own, NULL when there are none).
    public static let currentVersion = 2

    public var selectedTab: Tab
    public var selectedPage: HomePage
    /// Every tab's stack; the home tab's is that of the page on show.
    public var stacks: [Tab: [ScreenState]]
    /// The stacks of the home pages not on show, root first: each page of the page view is a
    /// screen with its own navigation, so turning the page shows the other page's own stack.
    /// The page on show's stack is `stacks[.home]` (as before page stacks, so an older state or
    /// peer reads it unchanged); a page left out here is at its root. `init` leaves out the page
    /// on show and pages at their bare root, so equal navigation compares equal.
    public var pageStacks: [HomePage: [ScreenState]]
    public var modal: ModalState?
    /// Forms a link closed while they held a draft, oldest first, one per path: what was typed
    /// comes back when the same form opens again. Back discards a draft; a link never does.
    public var keptDrafts: [ScreenState]

    /// How many kept drafts a user has at most; opening one more lets the oldest go.
    public static let keptDraftLimit = 20

    public init(
        selectedTab: Tab, selectedPage: HomePage, stacks: [Tab: [ScreenState]], modal: ModalState? = nil,
        keptDrafts: [ScreenState] = [], pageStacks: [HomePage: [ScreenState]] = [:]
    ) {
        self.selectedTab = selectedTab
        self.selectedPage = selectedPage
        self.stacks = stacks
        self.pageStacks = pageStacks.filter { page, stack in
            page != selectedPage && !stack.isEmpty && stack != [ScreenState(path: Tab.home.rawValue)]
        }
        self.modal = modal
        self.keptDrafts = keptDrafts
    }

    /// Where a fresh sign-in lands: the home tab on its first page, every tab at its root.
    public static let initial = NavigationState(
        selectedTab: .home,
        selectedPage: .squad,
        stacks: Dictionary(uniqueKeysWithValues: Tab.allCases.map { ($0, [ScreenState(path: $0.rawValue)]) })
    )

    /// The stack of `tab`, never empty: a tab always shows at least its root.
    public func stack(for tab: Tab) -> [ScreenState] {
        let stack = stacks[tab] ?? []
        return stack.isEmpty ? [ScreenState(path: tab.rawValue)] : stack
    }

    /// The stack of the home page `page`, never empty: the home tab's own for the page on show.
    public func stack(on page: HomePage) -> [ScreenState] {
        if page == selectedPage { return stack(for: .home) }
        let stack = pageStacks[page] ?? []
        return stack.isEmpty ? [ScreenState(path: Tab.home.rawValue)] : stack
    }

    /// The screen the user is looking at: the modal's top while one is presented.
    public var currentScreen: ScreenState {
        modal?.stack.last ?? stack(for: selectedTab).last ?? ScreenState(path: selectedTab.rawValue)
    }

    /// What the user is looking at, spelled as a link: the current screen's path, or
    /// `home/<page>` at the home tab's root, where the page is what changes.
    public var currentPlace: String {
        modal == nil ? place(of: selectedTab) : currentScreen.path
    }

    /// Where `tab` is, as a path that opens it: the top of its stack, or the page on show when
    /// the home tab is at its root (the tab bar's links).
    public func place(of tab: Tab) -> String {
        let stack = stack(for: tab)
        if tab == .home, stack.count == 1 { return "home/\(selectedPage.rawValue)" }
        return stack.last?.path ?? tab.rawValue
    }

    /// Every screen of every stack and of the modal, tab-bar order, root first; the home pages
    /// not on show come first, so that where screens are looked up by path (a `home` root of each
    /// page, say) the ones on show come last and win.
    public var allScreens: [ScreenState] {
        selectedPage.others.flatMap { pageStacks[$0] ?? [] }
            + Tab.allCases.flatMap { stack(for: $0) } + (modal?.stack ?? [])
    }

    /// Why `back` goes nowhere here, in a sentence: the screen on show is its tab's first.
    public var backGoesNowhere: String {
        "\(currentScreen.path) is the first screen of the \(selectedTab.rawValue) tab; there is nothing to go back to."
    }

    /// The key of the row selected in the list on show (nil: the first row, or not a list).
    public var selection: String? { currentScreen.selected }

    /// The same screens with every draft, selection, mark and search left out: what a navigation
    /// change is about (moving in a list or marking a row, like typing in a form, is saved but not
    /// journaled).
    public var withoutDrafts: NavigationState {
        var plain = self
        plain.stacks = stacks.mapValues { $0.map { ScreenState(path: $0.path) } }
        plain.pageStacks = pageStacks.mapValues { $0.map { ScreenState(path: $0.path) } }.filter {
            $0.value != [ScreenState(path: Tab.home.rawValue)]
        }
        plain.modal = modal.map { ModalState(stack: $0.stack.map { ScreenState(path: $0.path) }) }
        plain.keptDrafts = []
        return plain
    }

    /// A version 1 state (stacks of paths, no drafts, no modal) in today's shape. Nothing is lost:
    /// version 1 had nothing that version 2 cannot hold.
    public static func upgrading(
        version1 stacks: [Tab: [String]], selectedTab: Tab, selectedPage: HomePage
    ) -> NavigationState {
        NavigationState(
            selectedTab: selectedTab, selectedPage: selectedPage,
            stacks: stacks.mapValues { $0.map { ScreenState(path: $0) } })
    }
}

/// One screen on a stack: its path; for a form, what has been typed into it so far; for a list,
/// the key of the selected row (and, on the library, the search it shows).
public struct ScreenState: Equatable, Sendable, Codable {
    public var path: String
    public var draft: FormDraft?
    /// The selected row of a list screen, by its record's key (a player, gather or question id,
    /// a book's ISBN), so that it stays on its record when rows are added or deleted above it.
    /// Nil: the first row. A key whose record is gone selects the row that took its place.
    public var selected: String?
    /// The library's search on show (its results are the list), or nil for the whole shelf.
    public var query: String?
    /// For a form, the field the cursor is in, by name (nil: where a front end puts it). Stored in
    /// the screen's object, absent when nil, so rows written before it read as they always did.
    public var focus: String?
    /// The players marked on the players list (its selection mode), by key as `selected` is, in
    /// the order they were marked; on the team picker (`players/confirm`), the players it was
    /// opened with, whom its bench holds (nil: everyone). Absent when nil, as `focus` is, so rows
    /// written before it read as they always did.
    public var marked: [String]?

    public init(
        path: String, draft: FormDraft? = nil, selected: String? = nil, query: String? = nil, focus: String? = nil,
        marked: [String]? = nil
    ) {
        self.path = path
        self.draft = draft
        self.selected = selected
        self.query = query
        self.focus = focus
        self.marked = marked
    }
}

/// A flow presented over the tab bar (add a book, ask a question), with a stack of its own.
public struct ModalState: Equatable, Sendable, Codable {
    public var stack: [ScreenState]

    public init(stack: [ScreenState]) {
        self.stack = stack
    }
}

/// The fields of a form typed so far, by field name, as typed: a field that is present was
/// answered (an empty value means "none"); validation happens when the form is submitted.
public struct FormDraft: Equatable, Sendable, Codable {
    public var fields: [String: String]

    public init(_ fields: [String: String] = [:]) {
        self.fields = fields
    }

    public subscript(field: String) -> String? {
        get { fields[field] }
        set { fields[field] = newValue }
    }

    public var isEmpty: Bool { fields.isEmpty }

    /// The longest text a draft keeps in one field, in characters: a field is saved as typed,
    /// valid or not, so this is the only bound on it before the form is submitted.
    public static let longestField = 10_000

    public init(from decoder: any Decoder) throws {
        fields = try decoder.singleValueContainer().decode([String: String].self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(fields)
    }
}

/// What reading the stored navigation state found.
public enum StoredNavigation: Equatable, Sendable {
    /// The user has no stored state yet.
    case none
    case state(NavigationState)
    /// A row with parts that could not be read (a tampered screen, an unknown tab): what could
    /// be read, and one line per part left out, for the user's warnings.
    case repaired(NavigationState, problems: [String])
    /// A row that cannot be decoded at all; the reason is for the user's warning.
    case unreadable(reason: String)

    /// The state to build from, whole or repaired.
    public var state: NavigationState? {
        switch self {
        case .state(let state), .repaired(let state, _): state
        case .none, .unreadable: nil
        }
    }
}
