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
        enum Keys: String, CodingKey {
            case author, createdAt, description, isbn, owned, price, priceCents, published, publisher, title, updatedAt
        }
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(book.author, forKey: .author)
        try container.encode(book.createdAt, forKey: .createdAt)
        try container.encode(book.description, forKey: .description)
        try container.encode(book.isbn.digits, forKey: .isbn)
        try container.encode(book.owned, forKey: .owned)
        try container.encode(book.priceCents.map(BookForm.priceText), forKey: .price)
        try container.encode(book.priceCents, forKey: .priceCents)
        try container.encode(book.published, forKey: .published)
        try container.encode(book.publisher, forKey: .publisher)
        try container.encode(book.title, forKey: .title)
        try container.encode(book.updatedAt, forKey: .updatedAt)
    }
}
