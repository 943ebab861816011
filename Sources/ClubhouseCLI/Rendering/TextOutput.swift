import Domain
import Features
import Navigation

/// Text for people: the screen a command landed on, and the navigation state.
enum TextOutput {
    static func screen(_ content: ScreenContent) -> String {
        switch content {
        case .home(let model):
            "Home — "
                + model.pages.map { $0 == model.selectedPage ? "[\($0.rawValue)]" : $0.rawValue }
                .joined(separator: " ")
        case .playerList(let model):
            playerList(model)
        case .playerDetail(let model):
            ([model.title] + model.fields.map { "  \($0.label): \($0.value)" }).joined(separator: "\n")
        case .playerForm:
            "New player. Save one with: clubhouse player add --name NAME"
        case .tabRoot(let tab):
            tab.rawValue.prefix(1).uppercased() + tab.rawValue.dropFirst()
        }
    }

    static func playerList(_ model: PlayerListViewModel) -> String {
        model.players.isEmpty ? model.emptyMessage : PlayerTable.render(model.players)
    }

    static func breadcrumb(_ stack: [String]) -> String {
        stack.joined(separator: " > ")
    }

    static func navigation(_ state: NavigationJSON) -> String {
        guard state.flow == "main", let user = state.user, let tab = state.tab, let page = state.page else {
            return "signed out (login flow)\nstack: \(breadcrumb(state.stack))"
        }
        var lines = ["user:  \(user)", "tab:   \(tab)", "page:  \(page)", "stack: \(breadcrumb(state.stack))", "tabs:"]
        for tab in Tab.allCases {
            let name = tab.rawValue
            lines.append("  \(name.padding(10)) \(breadcrumb(state.stacks[name] ?? [name]))")
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
