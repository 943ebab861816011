import Clubhouse
internal import ClubhouseSyncWire

/// A navigation state as another device can read it: record ids replaced by keys (players,
/// gathers and questions by their UUID; books keep their ISBN), and back. Drafts travel with
/// their screens; the team picker's draft names players by id and stays behind. No password is
/// ever part of a navigation state (the login flow is not stored).
///
/// `stacks.home` is the stack of the home page on show, as it always was; the stacks of the other
/// home pages travel in `pages`, left out when all are at their root. A peer older than page
/// stacks ignores `pages` (its other pages start at their root), and one without it sends none.
/// The players list's marks (and the team picker's marked players) travel as a screen's `marked`,
/// players' keys; a peer older than marks ignores it, and one without it sends none.
struct HandoffState {
    /// The entity a screen path's id names: `players/3…`, `gathers/3`, `questions/3`.
    private static let kinds: [(prefix: String, entity: String)] = [
        ("players/", "player"), ("gathers/", "gather"), ("questions/", "question"),
    ]
    /// The entity of a list's selected row, by the list's path.
    private static let selections: [String: String] = [
        "players": "player", "players/confirm": "player", "gathers": "gather", "questions": "question",
    ]

    /// Splits `players/3/edit/name` into ("player", "3", "/edit/name"); nil for a path without an id.
    private static func split(_ path: String) -> (entity: String, id: String, rest: String)? {
        for (prefix, entity) in kinds where path.hasPrefix(prefix) {
            let tail = path.dropFirst(prefix.count)
            let id = tail.prefix { $0 != "/" }
            guard !id.isEmpty, id != "new", id != "confirm" else { return nil }
            return (entity, String(id), String(tail.dropFirst(id.count)))
        }
        return nil
    }

    // MARK: Out (ids → keys)

    static func encode(_ state: NavigationState, key: (String, Int64) throws -> String?) throws -> SyncValue {
        func screens(_ stack: [ScreenState]) throws -> SyncValue {
            var out: [SyncValue] = []
            for screen in stack {
                guard let mapped = try self.screen(screen, key: key) else { break }  // gone here: cut
                out.append(mapped)
            }
            return .array(out)
        }
        var stacks: [String: SyncValue] = [:]
        for tab in Tab.allCases { stacks[tab.rawValue] = try screens(state.stack(for: tab)) }
        var object: [String: SyncValue] = [
            "tab": .string(state.selectedTab.rawValue), "page": .string(state.selectedPage.rawValue),
            "stacks": .object(stacks), "modal": try state.modal.map { try screens($0.stack) } ?? .null,
        ]
        var pages: [String: SyncValue] = [:]
        for (page, stack) in state.pageStacks where page != state.selectedPage {
            pages[page.rawValue] = try screens(stack)
        }
        if !pages.isEmpty { object["pages"] = .object(pages) }
        return .object(object)
    }

    private static func screen(_ screen: ScreenState, key: (String, Int64) throws -> String?) throws -> SyncValue? {
        var path = screen.path
        if let (entity, id, rest) = split(path) {
            guard let number = Int64(id), let found = try key(entity, number) else { return nil }
            path = "\(entity)s/\(found)\(rest)"
        }
        var selected = SyncValue.null
        if let row = screen.selected {
            if let entity = selections[screen.path] {
                selected = try Int64(row).flatMap { try key(entity, $0) }.map(SyncValue.string) ?? .null
            } else {
                selected = .string(row)
            }
        }
        var draft = SyncValue.null
        if let fields = screen.draft?.fields, screen.path != "players/confirm" {
            draft = .object(fields.mapValues(SyncValue.string))
        }
        var object: [String: SyncValue] = [
            "path": .string(path), "draft": draft, "selected": selected, "query": SyncValue(screen.query),
        ]
        if let marked = screen.marked, selections[screen.path] == "player" {
            // A player not synced yet has no key: its mark stays behind.
            object["marked"] = .array(
                try marked.compactMap { try Int64($0).flatMap { try key("player", $0) } }.map(SyncValue.string))
        }
        return .object(object)
    }

    // MARK: In (keys → ids)

    /// The state with this device's ids; each stack cut at the first screen whose record is not
    /// here, with one warning for each cut.
    static func decode(_ value: SyncValue, id: (String, String) throws -> Int64?) throws -> (
        NavigationState, warnings: [String]
    ) {
        guard let object = value.objectValue else { throw SyncError.badResponse("a handoff that is not an object") }
        var warnings: [String] = []
        func screens(_ value: SyncValue?, place: String) throws -> [ScreenState] {
            var out: [ScreenState] = []
            for item in value?.arrayValue ?? [] {
                guard let screen = item.objectValue, let path = screen["path"]?.stringValue else { break }
                var local = path
                if let (entity, key, rest) = split(path) {
                    guard let found = try id(entity, key) else {
                        warnings.append("\(place): cut at a \(entity) this device does not have")
                        break
                    }
                    local = "\(entity)s/\(found)\(rest)"
                }
                var selected = screen["selected"]?.stringValue
                if let row = selected, let entity = selections[path] {
                    selected = try id(entity, row).map(String.init)
                }
                let fields = screen["draft"]?.objectValue?.compactMapValues(\.stringValue)
                var marked: [String]?
                if let keys = screen["marked"]?.arrayValue, selections[path] == "player" {
                    // A player this device does not have is not marked here.
                    marked = try keys.compactMap {
                        try $0.stringValue.flatMap { try id("player", $0) }.map(String.init)
                    }
                }
                out.append(
                    ScreenState(
                        path: local, draft: fields.map(FormDraft.init), selected: selected,
                        query: screen["query"]?.stringValue, marked: marked))
            }
            return out
        }
        var stacks: [Tab: [ScreenState]] = [:]
        let stored = object["stacks"]?.objectValue ?? [:]
        for tab in Tab.allCases {
            let stack = try screens(stored[tab.rawValue], place: "the \(tab.rawValue) tab")
            stacks[tab] = stack.isEmpty ? [ScreenState(path: tab.rawValue)] : stack
        }
        let modal = try screens(object["modal"], place: "the modal flow")
        let selectedPage = object["page"]?.stringValue.flatMap(HomePage.init(rawValue:)) ?? .squad
        var pages: [HomePage: [ScreenState]] = [:]
        let sent = object["pages"]?.objectValue ?? [:]
        for page in selectedPage.others {
            pages[page] = try screens(sent[page.rawValue], place: "the \(page.rawValue) page of the home tab")
        }
        let state = NavigationState(
            selectedTab: object["tab"]?.stringValue.flatMap(Tab.init(rawValue:)) ?? .home,
            selectedPage: selectedPage, stacks: stacks, modal: modal.isEmpty ? nil : ModalState(stack: modal),
            pageStacks: pages)
        return (state, warnings)
    }
}
