import Domain
import Features
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

struct UserJSON: Encodable {
    let id: Int64
    let username: String

    init(_ user: User) {
        id = user.id
        username = user.username
    }
}

/// `{"flow", "user", "tab", "page", "stack", "stacks"}`: the selected tab's stack and every tab's,
/// screens spelled as paths, root first.
struct NavigationJSON: Encodable {
    let flow: String
    let user: String?
    let tab: String?
    let page: String?
    let stack: [String]
    let stacks: [String: [String]]

    init(_ app: AppCoordinator) {
        if let main = app.main {
            let snapshot = main.snapshot
            flow = "main"
            user = main.user.username
            tab = snapshot.selectedTab.rawValue
            page = snapshot.selectedPage.rawValue
            stack = snapshot.stack(for: snapshot.selectedTab)
            stacks = Dictionary(uniqueKeysWithValues: snapshot.stacks.map { ($0.key.rawValue, $0.value) })
        } else {
            flow = "login"
            user = nil
            tab = nil
            page = nil
            stack = app.login?.router.stack.map(\.path) ?? []
            stacks = [:]
        }
    }

    func encode(to encoder: any Encoder) throws {
        enum Keys: String, CodingKey { case flow, user, tab, page, stack, stacks }
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(flow, forKey: .flow)
        try container.encode(user, forKey: .user)
        try container.encode(tab, forKey: .tab)
        try container.encode(page, forKey: .page)
        try container.encode(stack, forKey: .stack)
        try container.encode(stacks, forKey: .stacks)
    }
}
