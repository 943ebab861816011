import ClubhouseDomain
import Foundation
import Testing

@testable import ClubhouseCLI

/// A book's object is written in one pass by `BookJSON` and, inside the home page's reading list,
/// by JSONEncoder (`BookJSONValue`): the two must print the same bytes.
@Suite struct BookJSONTests {
    static let books: [Book] = {
        let isbn = ISBN(stored: "9780441013593")!
        return [1205, 1250, 1200, 0, 5, 99_999_999_999, nil].map { cents in
            Book(
                ownerID: 1,
                fields: BookFields(
                    isbn: isbn, title: "Dune \"Deluxe\" \\ 🏴‍☠️ \u{1B}[2J", author: cents == nil ? nil : "Frank Herbert",
                    publisher: nil, description: "Politics / ecology\non a desert planet", priceCents: cents,
                    published: cents == 0 ? nil : "1965-08-01"),
                owned: cents != 5, createdAt: "2026-11-23T09:23:44.544Z", updatedAt: "2026-11-23T09:23:44.544Z")
        }
    }()

    @Test(arguments: books)
    func theOnePassWriterMatchesJSONEncoder(_ book: Book) throws {
        #expect(BookJSON.object(book) == (try JSONOutput.render(BookJSONValue(book: book))))
    }

    /// As /v1/books shows a price: the form's text, and the exact amount in cents.
    @Test func pricesAreTheFormsTextAndTheCents() throws {
        for (cents, text) in [(1205, "12.05"), (1250, "12.50"), (1200, "12.00"), (5, "0.05"), (0, "0.00")] {
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(BookJSON.object(Self.books[0].priced(cents)).utf8))
                    as? [String: Any])
            #expect(object["price"] as? String == text)
            #expect(object["priceCents"] as? Int == cents)
        }
    }
}

extension Book {
    fileprivate func priced(_ cents: Int) -> Book {
        var book = self
        book.priceCents = cents
        return book
    }
}
