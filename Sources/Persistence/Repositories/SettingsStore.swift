import ClubhouseDomain
import GRDB

package struct SettingsStore: SettingsRepository {
    let db: Database

    package func settings(for user: User.ID) throws -> (UserSettings, problems: [String]) {
        let row = try Row.fetchOne(
            db.cachedStatement(sql: "SELECT landing_tab FROM user_settings WHERE user_id = ?"), arguments: [user])
        let stored = row.map { $0["landing_tab"] as DatabaseValue } ?? .null
        if stored.isNull { return (UserSettings(), []) }
        if case .string(let name) = stored.storage, let tab = Tab(rawValue: name) {
            return (UserSettings(landing: tab), [])
        }
        // A value the CHECK constraint would refuse (written with checks off) is the default,
        // never a failed sign-in; `clubhouse check` names it too.
        return (UserSettings(), ["the stored landing tab is not a tab; sign-in lands on home until you choose one"])
    }

    package func save(_ settings: UserSettings, for user: User.ID) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO user_settings (user_id, landing_tab) VALUES (?, ?)
                ON CONFLICT (user_id) DO UPDATE SET landing_tab = excluded.landing_tab
                """
        ).execute(arguments: [user, settings.landing.rawValue])
    }
}
