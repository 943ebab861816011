import Domain
import Foundation
import GRDB

/// Stores a `NavigationSnapshot` as one row: tab and page as plain columns, the stacks as JSON
/// (`{"players":["players","players/3"]}`), and the encoding's version. Reading never throws on
/// a row it cannot understand; it reports it as `.unreadable` for the user to be warned.
public struct NavigationStore: NavigationRepository {
    let db: Database

    public func load(for userID: User.ID) throws -> StoredNavigation {
        guard
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT version, root_flow, selected_tab, selected_page, stacks
                    FROM navigation_state WHERE user_id = ?
                    """,
                arguments: [userID])
        else { return .none }
        return Self.decode(
            version: row["version"], rootFlow: row["root_flow"], tab: row["selected_tab"],
            page: row["selected_page"], stacks: row["stacks"])
    }

    public func save(_ snapshot: NavigationSnapshot, for userID: User.ID) throws {
        try db.execute(
            sql: """
                INSERT INTO navigation_state (user_id, version, root_flow, selected_tab, selected_page, stacks)
                VALUES (?, ?, 'main', ?, ?, ?)
                ON CONFLICT (user_id) DO UPDATE SET
                    version = excluded.version, root_flow = excluded.root_flow,
                    selected_tab = excluded.selected_tab, selected_page = excluded.selected_page,
                    stacks = excluded.stacks, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
                """,
            arguments: [
                userID, NavigationSnapshot.currentVersion, snapshot.selectedTab.rawValue,
                snapshot.selectedPage.rawValue, try Self.encode(snapshot.stacks),
            ])
    }

    public func delete(for userID: User.ID) throws {
        try db.execute(sql: "DELETE FROM navigation_state WHERE user_id = ?", arguments: [userID])
    }

    static func encode(_ stacks: [Tab: [String]]) throws -> String {
        let byName = Dictionary(uniqueKeysWithValues: stacks.map { ($0.key.rawValue, $0.value) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(byName), as: UTF8.self)
    }

    static func decode(
        version: Int?, rootFlow: String?, tab: String?, page: String?, stacks: String?
    ) -> StoredNavigation {
        guard version == NavigationSnapshot.currentVersion else {
            return .unreadable(reason: "unknown version \(version.map(String.init) ?? "null")")
        }
        guard rootFlow == "main" else { return .unreadable(reason: "unknown root flow '\(rootFlow ?? "null")'") }
        guard let selectedTab = tab.flatMap(Tab.init(rawValue:)) else {
            return .unreadable(reason: "unknown tab '\(tab ?? "null")'")
        }
        guard let selectedPage = page.flatMap(HomePage.init(rawValue:)) else {
            return .unreadable(reason: "unknown page '\(page ?? "null")'")
        }
        guard let data = stacks?.data(using: .utf8),
            let byName = try? JSONDecoder().decode([String: [String]].self, from: data)
        else { return .unreadable(reason: "stacks are not a JSON object of screen lists") }
        var decoded: [Tab: [String]] = [:]
        for (name, stack) in byName {
            guard let tab = Tab(rawValue: name) else { return .unreadable(reason: "unknown tab '\(name)' in stacks") }
            decoded[tab] = stack
        }
        return .snapshot(NavigationSnapshot(selectedTab: selectedTab, selectedPage: selectedPage, stacks: decoded))
    }
}
