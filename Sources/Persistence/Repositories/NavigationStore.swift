import ClubhouseDomain
import Foundation
import GRDB

/// Stores a `NavigationState` as one row per user and scene: tab, page and the current screen as plain columns for
/// the sqlite3 shell, the stacks (the home pages not on show in a column of their own since schema 10) and the
/// modal as JSON, and the encoding's version. Reading never
/// throws on a row it cannot understand: it reports it as `.unreadable` for the user to be warned.
package struct NavigationStore: NavigationRepository {
    let db: Database
    var cache: NavigationCodingCache?

    package func load(for userID: User.ID, scene: SceneName) throws -> StoredNavigation {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT version, root_flow, selected_tab, selected_page, stacks, modal, kept_drafts,
                            page_stacks
                        FROM navigation_state WHERE user_id = ? AND scene = ?
                        """),
                arguments: [userID, scene.rawValue])
        else { return .none }
        let columns = NavigationCoding.Columns(row)
        if let cache, let state = NavigationCoding.cached(columns, in: cache) { return .state(state) }
        return NavigationCoding.decode(columns)
    }

    package func save(_ state: NavigationState, for userID: User.ID, scene: SceneName) throws {
        let columns = try NavigationCoding.encode(state, cache: cache)
        try db.cachedStatement(
            sql: """
                INSERT INTO navigation_state
                    (user_id, scene, version, root_flow, selected_tab, selected_page, stacks, modal, current_screen,
                     kept_drafts, page_stacks)
                VALUES (?, ?, ?, 'main', ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (user_id, scene) DO UPDATE SET
                    version = excluded.version, root_flow = excluded.root_flow,
                    selected_tab = excluded.selected_tab, selected_page = excluded.selected_page,
                    stacks = excluded.stacks, modal = excluded.modal, current_screen = excluded.current_screen,
                    kept_drafts = excluded.kept_drafts, page_stacks = excluded.page_stacks,
                    updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
                """
        ).execute(arguments: [
            userID, scene.rawValue, NavigationState.currentVersion, columns.tab, columns.page, columns.stacks,
            columns.modal,
            state.currentScreen.path, columns.keptDrafts, columns.pageStacks,
        ])
    }

    package func storedScenes() throws -> [(user: User, scene: SceneName)] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT users.id, users.username, navigation_state.scene
                    FROM navigation_state JOIN users ON users.id = navigation_state.user_id
                    ORDER BY users.id, navigation_state.scene
                    """)
        ).compactMap { row in
            guard let id = Int64.fromDatabaseValue(row[0]), let scene = Self.scene(row[2]) else { return nil }
            return (User(id: id, username: RowDecoding.text(row[1]) ?? "?"), scene)
        }
    }

    package func scenes(for userID: User.ID) throws -> (scenes: [SceneSummary], warnings: [String]) {
        var scenes: [SceneSummary] = []
        var warnings: [String] = []
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT scene, current_screen, updated_at FROM navigation_state WHERE user_id = ? ORDER BY scene
                    """),
            arguments: [userID])
        for row in rows {
            guard let name = Self.scene(row[0]) else {
                // Named by what it is, never echoed: it may be what was tampered with.
                warnings.append("a saved scene whose name is not a scene name was left out")
                continue
            }
            scenes.append(
                SceneSummary(
                    name: name, screen: RowDecoding.text(row[1]) ?? "?", updatedAt: RowDecoding.text(row[2]) ?? "?"))
        }
        return (scenes, warnings)
    }

    /// A stored scene name, if it follows the rule (the file is untrusted: a CHECK can be broken).
    static func scene(_ value: DatabaseValue) -> SceneName? {
        guard case .string(let text) = value.storage else { return nil }
        return try? SceneName(text)
    }

    package func delete(for userID: User.ID, scene: SceneName) throws -> Bool {
        try db.cachedStatement(sql: "DELETE FROM navigation_state WHERE user_id = ? AND scene = ?")
            .execute(arguments: [userID, scene.rawValue])
        return db.changesCount > 0
    }

    package func deleteAll(for userID: User.ID) throws {
        try db.cachedStatement(sql: "DELETE FROM navigation_state WHERE user_id = ?").execute(arguments: [userID])
    }

    /// Rewrites every stored state of an older version in today's shape. Run once, inside the
    /// migration that introduced the current version; a row that cannot be read is left for the
    /// user's next command to report. Only the columns that migration knows are written: the
    /// later ones (kept_drafts) do not exist yet when it runs.
    static func upgradeAll(_ db: Database) throws {
        let rows = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT user_id, version, root_flow, selected_tab, selected_page, stacks, modal
                    FROM navigation_state WHERE version <> ?
                    """),
            arguments: [NavigationState.currentVersion])
        for row in rows {
            guard case .state(let state) = NavigationCoding.decode(NavigationCoding.Columns(row)),
                let userID = Int64.fromDatabaseValue(row["user_id"])
            else { continue }
            let columns = try NavigationCoding.encode(state)
            try db.cachedStatement(
                sql: """
                    UPDATE navigation_state
                    SET version = ?, selected_tab = ?, selected_page = ?, stacks = ?, modal = ?, current_screen = ?
                    WHERE user_id = ?
                    """
            ).execute(arguments: [
                NavigationState.currentVersion, columns.tab, columns.page, columns.stacks, columns.modal,
                state.currentScreen.path, userID,
            ])
        }
    }
}

/// The stored form of a `NavigationState`, shared by the state's row and the journal.
enum NavigationCoding {
    struct Columns {
        var version: DatabaseValue
        var rootFlow: DatabaseValue
        var tab: DatabaseValue
        var page: DatabaseValue
        var stacks: DatabaseValue
        var modal: DatabaseValue
        var keptDrafts: DatabaseValue
        /// The stacks of the home pages not on show (schema 10); NULL: every one at its root.
        var pageStacks: DatabaseValue

        init(
            version: DatabaseValue, rootFlow: DatabaseValue, tab: DatabaseValue, page: DatabaseValue,
            stacks: DatabaseValue, modal: DatabaseValue, keptDrafts: DatabaseValue = .null,
            pageStacks: DatabaseValue = .null
        ) {
            self.version = version
            self.rootFlow = rootFlow
            self.tab = tab
            self.page = page
            self.stacks = stacks
            self.modal = modal
            self.keptDrafts = keptDrafts
            self.pageStacks = pageStacks
        }

        /// A `navigation_state` row by column name; one read before schema 6 has no kept_drafts,
        /// before schema 10 no page_stacks.
        init(_ row: Row) {
            self.init(
                version: row["version"], rootFlow: row["root_flow"], tab: row["selected_tab"],
                page: row["selected_page"], stacks: row["stacks"], modal: row["modal"],
                keptDrafts: row.hasColumn("kept_drafts") ? row["kept_drafts"] : .null,
                pageStacks: row.hasColumn("page_stacks") ? row["page_stacks"] : .null)
        }
    }

    /// Twenty drafts of the largest form (a book's 4 000-character description) fit many times
    /// over; a column larger than this was not written by clubhouse and is not read.
    static let keptDraftsByteLimit = 1 << 20

    /// The stored text of a state: tab and page as they are, the stacks, the modal, the kept
    /// drafts and the stacks of the home pages not on show as JSON (nil: none).
    typealias Encoded = (
        tab: String, page: String, stacks: String, modal: String?, keptDrafts: String?, pageStacks: String?
    )

    static func encode(_ state: NavigationState, cache: NavigationCodingCache? = nil) throws -> Encoded {
        if let encoded = cache?.encoded(state) { return encoded }
        let byName = Dictionary(uniqueKeysWithValues: Tab.allCases.map { ($0.rawValue, state.stack(for: $0)) })
        let pages = Dictionary(uniqueKeysWithValues: state.pageStacks.map { ($0.key.rawValue, $0.value) })
        let encoded: Encoded = (
            state.selectedTab.rawValue, state.selectedPage.rawValue, try json(byName),
            try state.modal.map { try json($0) }, state.keptDrafts.isEmpty ? nil : try json(state.keptDrafts),
            pages.isEmpty ? nil : try json(pages)
        )
        cache?.remember(state, encoded)
        return encoded
    }

    /// The state a row holds when its text is what this connection last wrote for it.
    static func cached(_ columns: Columns, in cache: NavigationCodingCache) -> NavigationState? {
        guard Int.fromDatabaseValue(columns.version) == NavigationState.currentVersion,
            String.fromDatabaseValue(columns.rootFlow) == "main",
            let tab = String.fromDatabaseValue(columns.tab), let page = String.fromDatabaseValue(columns.page),
            let stacks = String.fromDatabaseValue(columns.stacks)
        else { return nil }
        func text(_ value: DatabaseValue) -> String?? {
            value.isNull ? .some(nil) : String.fromDatabaseValue(value).map { .some($0) }
        }
        guard let modal = text(columns.modal), let kept = text(columns.keptDrafts),
            let pages = text(columns.pageStacks)
        else { return nil }
        return cache.state(tab: tab, page: page, stacks: stacks, modal: modal, keptDrafts: kept, pageStacks: pages)
    }

    /// The whole state as one JSON document, for the journal: `Document` encoded with sorted keys,
    /// put together from the columns' JSON so that a state is encoded once per action.
    static func document(_ state: NavigationState, cache: NavigationCodingCache? = nil) throws -> String {
        let encoded = try encode(state, cache: cache)
        var document = "{"
        if let kept = encoded.keptDrafts { document += "\"keptDrafts\":" + kept + "," }
        if let modal = encoded.modal { document += "\"modal\":" + modal + "," }
        document += "\"page\":" + (try json(encoded.page)) + ","
        if let pages = encoded.pageStacks { document += "\"pageStacks\":" + pages + "," }
        document += "\"stacks\":" + encoded.stacks
        document += ",\"tab\":" + (try json(encoded.tab)) + ",\"version\":\(NavigationState.currentVersion)}"
        return document
    }

    static func decodeDocument(_ text: String?) -> StoredNavigation {
        guard let data = text.map(RowDecoding.utf8), let document = try? JSONDecoder().decode(Document.self, from: data)
        else { return .unreadable(reason: "the saved state is not valid JSON of a navigation state") }
        guard document.version == NavigationState.currentVersion else {
            return .unreadable(reason: "unknown version \(document.version)")
        }
        return decode(
            tab: document.tab, page: document.page,
            stacks: document.stacks.map { ($0.key, $0.value) }, modal: document.modal,
            keptDrafts: document.keptDrafts ?? [], pageStacks: (document.pageStacks ?? [:]).map { ($0.key, $0.value) })
    }

    static func decode(_ columns: Columns) -> StoredNavigation {
        guard let version = Int.fromDatabaseValue(columns.version) else {
            return .unreadable(reason: "the version is not a number")
        }
        guard String.fromDatabaseValue(columns.rootFlow) == "main" else {
            return .unreadable(reason: "unknown root flow")
        }
        let stacksData = String.fromDatabaseValue(columns.stacks).map(RowDecoding.utf8)
        switch version {
        case 1:
            guard let tab = String.fromDatabaseValue(columns.tab), let page = String.fromDatabaseValue(columns.page),
                let stacksData, let byName = try? JSONDecoder().decode([String: [String]].self, from: stacksData)
            else { return .unreadable(reason: "the version 1 state is not a tab, a page and lists of screens") }
            return decode(
                tab: tab, page: page,
                stacks: byName.map { ($0.key, $0.value.map { ScreenState(path: $0) }) }, modal: nil, keptDrafts: [],
                pageStacks: [])
        case NavigationState.currentVersion:
            // The common case in one strict pass; a row that fails it is read part by part.
            if let stacksData, let state = decodeStrictly(columns, stacks: stacksData) { return .state(state) }
            return NavigationRepair.read(columns, stacks: stacksData)
        default:
            return .unreadable(reason: "unknown version \(version)")
        }
    }

    private static func decodeStrictly(_ columns: Columns, stacks: Data) -> NavigationState? {
        let decoder = JSONDecoder()
        guard let tab = String.fromDatabaseValue(columns.tab), let page = String.fromDatabaseValue(columns.page),
            let byName = try? decoder.decode([String: [ScreenState]].self, from: stacks)
        else { return nil }
        // JSON null, as well as SQL NULL, is "none" for the modal and the kept drafts. Not `try?`
        // on the optional: it would fold a decoded JSON null into a failure.
        func optional<T: Decodable>(_ value: DatabaseValue, _ type: T.Type) -> T?? {
            if value.isNull { return .some(nil) }
            guard let data = String.fromDatabaseValue(value).map(RowDecoding.utf8) else { return nil }
            do { return .some(try decoder.decode(T?.self, from: data)) } catch { return nil }
        }
        guard let modal = optional(columns.modal, ModalState.self),
            RowDecoding.text(columns.keptDrafts).map({ $0.utf8.count <= keptDraftsByteLimit }) ?? true,
            let kept = optional(columns.keptDrafts, [ScreenState].self),
            let pages = optional(columns.pageStacks, [String: [ScreenState]].self),
            // A stack for the page on show is not written: one there was put there by hand.
            pages?[page] == nil,
            case .state(let state) = decode(
                tab: tab, page: page, stacks: byName.map { ($0.key, $0.value) }, modal: modal, keptDrafts: kept ?? [],
                pageStacks: (pages ?? [:]).map { ($0.key, $0.value) })
        else { return nil }
        return state
    }

    private static func decode(
        tab: String, page: String, stacks: [(String, [ScreenState])], modal: ModalState?, keptDrafts: [ScreenState],
        pageStacks: [(String, [ScreenState])]
    ) -> StoredNavigation {
        guard let selectedTab = Tab(rawValue: tab) else { return .unreadable(reason: "unknown tab '\(tab)'") }
        guard let selectedPage = HomePage(rawValue: page) else { return .unreadable(reason: "unknown page '\(page)'") }
        var decoded: [Tab: [ScreenState]] = [:]
        for (name, stack) in stacks {
            guard let tab = Tab(rawValue: name) else { return .unreadable(reason: "unknown tab '\(name)' in stacks") }
            decoded[tab] = stack
        }
        var pages: [HomePage: [ScreenState]] = [:]
        for (name, stack) in pageStacks {
            guard let page = HomePage(rawValue: name) else {
                return .unreadable(reason: "unknown page '\(name)' in the page stacks")
            }
            pages[page] = stack
        }
        // An empty modal stack means no modal: there is nothing to show in it.
        let modal = modal.flatMap { $0.stack.isEmpty ? nil : $0 }
        return .state(
            NavigationState(
                selectedTab: selectedTab, selectedPage: selectedPage, stacks: decoded, modal: modal,
                keptDrafts: keptDrafts, pageStacks: pages))
    }

    struct Document: Codable {
        var version: Int
        var tab: String
        var page: String
        var stacks: [String: [ScreenState]]
        var modal: ModalState?
        /// Left out when there are none, so a document reads the same as before schema 6.
        var keptDrafts: [ScreenState]?
        /// The stacks of the home pages not on show; left out when every one is at its root, so
        /// a document reads the same as before schema 10.
        var pageStacks: [String: [ScreenState]]?
    }

    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
