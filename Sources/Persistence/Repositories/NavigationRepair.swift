import ClubhouseDomain
import Foundation
import GRDB

/// Reads a version 2 navigation row that failed the strict decoding part by part, so that one
/// tampered value costs only itself: a screen that cannot be read is cut with the screens above
/// it, an unknown tab's stack is dropped, an unknown selected tab or page falls back to home and
/// its first page, a modal or kept draft that cannot be read is left out, a home page's stack
/// that cannot be read starts that page at its root. Each of those is one problem line; stacks
/// that cannot be read at all start every tab at its root, and the selected tab and page, the
/// modal, the kept drafts and the other pages' stacks still stay.
enum NavigationRepair {
    static func read(_ columns: NavigationCoding.Columns, stacks: Data?) -> StoredNavigation {
        var problems: [String] = []
        let object: [String: Any]
        if let stacks, let read = json(stacks) as? [String: Any] {
            object = read
        } else {
            object = [:]
            problems.append("the stacks are not a JSON object of screen lists; every tab starts at its root")
        }
        let tabText = String.fromDatabaseValue(columns.tab)
        let selectedTab = tabText.flatMap(Tab.init(rawValue:)) ?? .home
        if tabText.flatMap(Tab.init(rawValue:)) == nil {
            problems.append("the selected tab \(quoted(tabText)) is unknown; home is selected")
        }
        let pageText = String.fromDatabaseValue(columns.page)
        let selectedPage = pageText.flatMap(HomePage.init(rawValue:)) ?? .squad
        if pageText.flatMap(HomePage.init(rawValue:)) == nil {
            problems.append("the selected page \(quoted(pageText)) is unknown; the home tab shows squad")
        }

        var stacks: [Tab: [ScreenState]] = [:]
        for (name, value) in object.sorted(by: { $0.key < $1.key }) {
            guard let tab = Tab(rawValue: name) else {
                problems.append("the stacks name an unknown tab '\(name)'; its screens were left out")
                continue
            }
            guard let list = value as? [Any] else {
                problems.append("the \(name) tab's stack is not a list; the tab starts at \(name) again")
                continue
            }
            stacks[tab] = screens(list, in: "the \(name) tab", &problems)
        }

        var modal: ModalState?
        if !columns.modal.isNull {
            let value = String.fromDatabaseValue(columns.modal).flatMap { json(Data($0.utf8)) }
            if let object = value as? [String: Any], let list = object["stack"] as? [Any] {
                let stack = screens(list, in: "the modal flow", &problems)
                modal = stack.isEmpty ? nil : ModalState(stack: stack)
            } else if !(value is NSNull) {
                problems.append("the modal flow could not be read; it was closed")
            }
        }

        var keptDrafts: [ScreenState] = []
        if let text = RowDecoding.text(columns.keptDrafts), text.utf8.count > NavigationCoding.keptDraftsByteLimit {
            problems.append("the kept drafts are larger than 1 MiB; they were dropped")
        } else if !columns.keptDrafts.isNull {
            let value = String.fromDatabaseValue(columns.keptDrafts).flatMap { json(Data($0.utf8)) }
            if let list = value as? [Any] {
                for element in list {
                    switch screen(element) {
                    case .screen(let saved, let problem):
                        keptDrafts.append(saved)
                        if let problem { problems.append(problem) }
                    case .unreadable(let why):
                        problems.append("a kept draft could not be read (\(why)); it was dropped")
                    }
                }
            } else if !(value is NSNull) {
                problems.append("the kept drafts could not be read; they were dropped")
            }
        }
        let pageStacks = pages(columns.pageStacks, selected: selectedPage, &problems)
        let state = NavigationState(
            selectedTab: selectedTab, selectedPage: selectedPage, stacks: stacks, modal: modal, keptDrafts: keptDrafts,
            pageStacks: pageStacks)
        return .repaired(state, problems: problems)
    }

    /// The stacks of the home pages not on show, each read as a tab's stack is; one that cannot
    /// be read starts its page at the root.
    private static func pages(_ column: DatabaseValue, selected: HomePage, _ problems: inout [String])
        -> [HomePage: [ScreenState]]
    {
        guard !column.isNull else { return [:] }
        let value = String.fromDatabaseValue(column).flatMap { json(Data($0.utf8)) }
        guard let object = value as? [String: Any] else {
            if !(value is NSNull) {
                problems.append("the home pages' stacks could not be read; the pages not on show start at home")
            }
            return [:]
        }
        var stacks: [HomePage: [ScreenState]] = [:]
        for (name, value) in object.sorted(by: { $0.key < $1.key }) {
            guard let page = HomePage(rawValue: name) else {
                // Named by what it is, never echoed: it may be what was tampered with.
                problems.append("the home pages' stacks name an unknown page; its screens were left out")
                continue
            }
            guard page != selected else {
                problems.append(
                    "the home pages' stacks hold one for \(name), the page on show, whose stack is the home tab's; it was left out"
                )
                continue
            }
            guard let list = value as? [Any] else {
                problems.append("the \(name) page's stack is not a list; the page starts at home again")
                continue
            }
            stacks[page] = screens(list, in: "the \(name) page of the home tab", &problems)
        }
        return stacks
    }

    /// The screens of a stack up to the first that cannot be read.
    private static func screens(_ list: [Any], in place: String, _ problems: inout [String]) -> [ScreenState] {
        var stack: [ScreenState] = []
        for (index, element) in list.enumerated() {
            switch screen(element) {
            case .screen(let saved, let problem):
                stack.append(saved)
                if let problem { problems.append(problem) }
            case .unreadable(let why):
                let above = list.count - index - 1
                problems.append(
                    "screen \(index + 1) of \(place) could not be read (\(why)); it was cut"
                        + (above == 0 ? "" : " with the \(above) above it"))
                return stack
            }
        }
        return stack
    }

    private enum ScreenReading {
        /// A screen, and the problem with its draft if part of it was left out.
        case screen(ScreenState, String?)
        case unreadable(String)
    }

    private static func screen(_ value: Any) -> ScreenReading {
        guard let object = value as? [String: Any] else { return .unreadable("it is not a JSON object") }
        guard let path = object["path"] as? String else { return .unreadable("its path is not text") }
        // A selection, search or focus that is not text costs only itself: the list shows its first
        // row, the form puts the cursor where it would.
        var problems: [String] = []
        var plain = ScreenState(path: path)
        for (name, what) in [("selected", "selection"), ("query", "search"), ("focus", "focused field")] {
            guard let value = object[name], !(value is NSNull) else { continue }
            if let text = value as? String {
                switch name {
                case "selected": plain.selected = text
                case "query": plain.query = text
                default: plain.focus = text
                }
            } else {
                problems.append("the \(what) of \(path) is not text; it was dropped")
            }
        }
        // Marks that are not a list of texts cost only themselves too: the list shows none marked
        // (keys that are not a player's, or a player that is gone, are left out on restore).
        if let value = object["marked"], !(value is NSNull) {
            let list = value as? [Any]
            let texts = list?.compactMap { $0 as? String } ?? []
            if let list, texts.count == list.count {
                plain.marked = texts
            } else {
                if !texts.isEmpty { plain.marked = texts }
                problems.append("the marks of \(path) are not a list of player ids; what is not was dropped")
            }
        }
        let listProblem = problems.isEmpty ? nil : problems.joined(separator: "; ")
        guard let draft = object["draft"], !(draft is NSNull) else { return .screen(plain, listProblem) }
        guard let fields = draft as? [String: Any] else {
            return .screen(
                plain,
                ([listProblem].compactMap { $0 } + ["the draft of \(path) is not a JSON object; it was dropped"])
                    .joined(separator: "; "))
        }
        var kept = FormDraft()
        var dropped: [String] = []
        for (name, text) in fields.sorted(by: { $0.key < $1.key }) {
            if let text = text as? String { kept[name] = text } else { dropped.append(name) }
        }
        let draftProblem =
            dropped.isEmpty
            ? nil
            : "the draft of \(path) had fields that are not text (\(dropped.joined(separator: ", "))); they were dropped"
        plain.draft = kept
        let all = [listProblem, draftProblem].compactMap { $0 }
        return .screen(plain, all.isEmpty ? nil : all.joined(separator: "; "))
    }

    private static func json(_ data: Data) -> Any? {
        try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }

    private static func quoted(_ text: String?) -> String {
        text.map { "'\($0)'" } ?? "(not text)"
    }
}
