import Clubhouse
import Foundation

/// JSON for `--json`: sorted keys, unescaped slashes and Unicode, absent values as null so every
/// key is always there.
enum JSONOutput {
    static func render<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

/// `{"drafts", "flow", "keptDrafts", "modal", "page", "pages", "scene", "selections", "stack", "stacks",
/// "tab", "user"}`: the scene; the selected tab's stack and every tab's, screens spelled as paths, root
/// first (the home tab's is the page on show's); every home page's own stack; the modal flow's stack
/// or null; every open form's draft by its path, and the drafts a link set aside; the selected row of
/// each open list by its path (a record's key; where a path is open twice, the one on show).
struct NavigationJSON: Encodable {
    let scene: String
    let flow: String
    let user: String?
    let tab: String?
    let page: String?
    let stack: [String]
    let stacks: [String: [String]]
    let pages: [String: [String]]
    let modal: [String]?
    let drafts: [String: [String: String]]
    let keptDrafts: [String: [String: String]]
    let selections: [String: String]
    /// The players marked on a screen, by its path: the players list's marks, the team picker's
    /// players (left out when none).
    let marks: [String: [String]]

    init(_ outcome: Outcome, scene: SceneName) {
        self.scene = scene.rawValue
        switch outcome.view {
        case .main(let user, let state, _):
            flow = "main"
            self.user = user.username
            tab = state.selectedTab.rawValue
            page = state.selectedPage.rawValue
            stack = state.stack(for: state.selectedTab).map(\.path)
            stacks = Dictionary(
                uniqueKeysWithValues: Tab.allCases.map { ($0.rawValue, state.stack(for: $0).map(\.path)) })
            pages = Dictionary(
                uniqueKeysWithValues: HomePage.allCases.map { ($0.rawValue, state.stack(on: $0).map(\.path)) })
            modal = state.modal?.stack.map(\.path)
            var drafts: [String: [String: String]] = [:]
            for screen in state.allScreens { if let draft = screen.draft { drafts[screen.path] = draft.fields } }
            self.drafts = drafts
            var kept: [String: [String: String]] = [:]
            for screen in state.keptDrafts { kept[screen.path] = screen.draft?.fields ?? [:] }
            keptDrafts = kept
            var selections: [String: String] = [:]
            for screen in state.allScreens { if let key = screen.selected { selections[screen.path] = key } }
            self.selections = selections
            var marks: [String: [String]] = [:]
            for screen in state.allScreens { if let marked = screen.marked { marks[screen.path] = marked } }
            self.marks = marks
        case .login(let screen):
            flow = "login"
            user = nil
            tab = nil
            page = nil
            stack = screen.chain.map(\.path)
            stacks = [:]
            pages = [:]
            modal = nil
            drafts = [:]
            keptDrafts = [:]
            selections = [:]
            marks = [:]
        }
    }

    func encode(to encoder: any Encoder) throws {
        enum Keys: String, CodingKey {
            case scene, flow, user, tab, page, pages, stack, stacks, modal, drafts, keptDrafts, selections, marks
        }
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(scene, forKey: .scene)
        try container.encode(flow, forKey: .flow)
        try container.encode(user, forKey: .user)
        try container.encode(tab, forKey: .tab)
        try container.encode(page, forKey: .page)
        try container.encode(pages, forKey: .pages)
        try container.encode(stack, forKey: .stack)
        try container.encode(stacks, forKey: .stacks)
        try container.encode(modal, forKey: .modal)
        try container.encode(drafts, forKey: .drafts)
        try container.encode(keptDrafts, forKey: .keptDrafts)
        try container.encode(selections, forKey: .selections)
        try container.encode(marks, forKey: .marks)
    }
}

/// One journal entry: `{"at", "closed", "from", "kind", "to"}`.
struct HistoryJSON: Encodable {
    let at: String
    let kind: String
    let from: String
    let to: String
    let closed: String?

    init(_ entry: JournalEntry) {
        at = entry.at
        kind = entry.kind.rawValue
        from = entry.from
        to = entry.to
        closed = entry.closed
    }

    func encode(to encoder: any Encoder) throws {
        enum Keys: String, CodingKey { case at, kind, from, to, closed }
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(at, forKey: .at)
        try container.encode(kind, forKey: .kind)
        try container.encode(from, forKey: .from)
        try container.encode(to, forKey: .to)
        try container.encode(closed, forKey: .closed)
    }
}
