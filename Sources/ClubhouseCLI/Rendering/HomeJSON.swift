import Clubhouse
import Foundation

/// The home page for `--json`: `{"page": "squad", "players": N, "recent": [players]}`,
/// `{"page": "results", "results": [gathers]}` or `{"page": "reading", "books": [books]}`.
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
        case .reading(let books):
            try container.encode(books.map(BookJSONValue.init), forKey: .books)
        }
    }
}

/// A book inside a JSONEncoder-built value, the same object `BookJSON` writes.
struct BookJSONValue: Encodable {
    let book: Book

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FieldKey.self)
        for key in BookJSON.keys {
            let name = FieldKey(key.name)
            switch key {
            case .field(let field):
                try container.encode(book.fields[field], named: key.name)
            case .formText(let field):
                let value = book.fields[field]
                try container.encode(value == .null ? .null : .text(field.rule.formText(value)), named: key.name)
            case .owned: try container.encode(book.owned, forKey: name)
            case .createdAt: try container.encode(book.createdAt, forKey: name)
            case .updatedAt: try container.encode(book.updatedAt, forKey: name)
            }
        }
    }
}
