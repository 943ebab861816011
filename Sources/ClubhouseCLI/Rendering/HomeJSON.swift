import Domain
import Features

/// The home page for `--json`: `{"page": "squad", "players": N, "recent": [players]}`,
/// `{"page": "results", "results": [gathers]}` or `{"page": "reading", "books": []}`.
struct HomeJSON: Encodable {
    let model: HomeViewModel

    init(_ model: HomeViewModel) {
        self.model = model
    }

    func encode(to encoder: any Encoder) throws {
        enum Keys: String, CodingKey { case page, players, recent, results, books }
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(model.selectedPage.rawValue, forKey: .page)
        switch model.content {
        case .squad(let count, let recent):
            try container.encode(count, forKey: .players)
            try container.encode(recent.map(GatherPlayer.init).map(GatherPlayerJSON.init), forKey: .recent)
        case .results(let results):
            try container.encode(results.map(GatherJSON.init), forKey: .results)
        case .reading:
            try container.encode([String](), forKey: .books)
        }
    }
}
