import ClubhouseTestSupport
import Foundation
import Hummingbird
import Testing

@Suite("Books and questions", .heavy)
struct BookTests {
    @Test func addByEitherISBNSpellingUpdateAndRemove() async throws {
        try await TestServer.run { api, _ in
            let token = try await api.signedIn("ana")
            let added = try await api.call(
                .post, "/v1/books",
                body: [
                    "isbn": "0-441-01359-7", "title": "Dune", "author": "Frank Herbert", "price": "9.5",
                    "published": "1990-09-01", "description": "Politics and ecology\non a desert planet",
                ], token: token)
            #expect(added.status == .created)
            let book = try #require(added["book"] as? [String: Any])
            #expect(book["isbn"] as? String == "9780441013593")
            #expect(book["price"] as? String == "9.50")
            #expect(book["priceCents"] as? Int == 950)
            #expect(book["description"] as? String == "Politics and ecology on a desert planet")
            #expect(book["onShelf"] as? Bool == true)

            let again = try await api.call(
                .post, "/v1/books", body: ["isbn": "978-0-441-01359-3", "title": "Dune (reissue)"], token: token)
            #expect(again.status == .ok)
            #expect(again["cleared"] as? [String] == ["author", "description", "price", "published"])
            let shown = try await api.call(.get, "/v1/books/0441013597", token: token)
            #expect(shown["title"] as? String == "Dune (reissue)")
            #expect(shown["author"] == nil)

            #expect(try await api.call(.delete, "/v1/books/9780441013593", token: token).status == .noContent)
            let removed = try await api.call(.get, "/v1/books/9780441013593", token: token)
            #expect(removed["onShelf"] as? Bool == false)
            let shelf = try await api.call(.get, "/v1/books", token: token)
            #expect(shelf["total"] as? Int == 0)
            #expect(
                try await api.call(.get, "/v1/books/9780306406157", token: token).error?.message
                    == "no book 9780306406157")
        }
    }

    @Test func isbnAndFieldRulesAreTheCLIs() async throws {
        try await TestServer.run { api, database in
            let token = try await api.signedIn("ana")
            let cases: [([String: Any], Int, String?, String?)] = [
                (
                    ["isbn": "0-441-01359-8", "title": "Dune"], 422, "isbn",
                    "the ISBN-10 0-441-01359-8 has a wrong check digit"
                ),
                (["isbn": "9770441013593", "title": "Dune"], 422, "isbn", "an ISBN-13 starts with 978 or 979"),
                (["isbn": "12345", "title": "Dune"], 422, "isbn", "an ISBN has 10 or 13 digits"),
                (["isbn": "97804410135X3", "title": "Dune"], 422, "isbn", "only an ISBN-10 may end in X"),
                (["isbn": "0441013597", "title": ""], 422, "title", "title must not be empty"),
                (["isbn": "0441013597", "title": "Dune", "price": "9.999"], 422, "price", nil),
                (
                    ["isbn": "0441013597", "title": "Dune", "published": "2023-02-29"], 422, "published",
                    "published must be a real date (2023-02-29 is not one)"
                ),
                (["isbn": "0441013597"], 400, "title", "title is required"),
                (["isbn": 441_013_597, "title": "Dune"], 400, "isbn", nil),
            ]
            for (body, status, field, message) in cases {
                let reply = try await api.call(.post, "/v1/books", body: body, token: token)
                #expect(Int(reply.status.code) == status, "\(body)")
                #expect(reply.error?.field == field, "\(body)")
                if let message { #expect(reply.error?.message == message, "\(body)") }
            }
            #expect(try await api.call(.get, "/v1/books/12345", token: token).status.code == 422)
            #expect(try await database.values("SELECT count(*)::text FROM books") == ["0"])
        }
    }

    @Test func shelfPagesMostRecentlyUpdatedFirst() async throws {
        try await TestServer.run { api, _ in
            let token = try await api.signedIn("ana")
            let isbns = ["9780306406157", "9780441013593", "9780547928227"]
            for (index, isbn) in isbns.enumerated() {
                _ = try await api.call(
                    .post, "/v1/books", body: ["isbn": isbn, "title": "Book \(index)"], token: token)
            }
            let first = try await api.call(.get, "/v1/books?perPage=2", token: token)
            #expect(
                (first["books"] as? [[String: Any]])?.compactMap { $0["isbn"] as? String }
                    == Array(isbns.reversed().prefix(2)))
            #expect(first["total"] as? Int == 3)
            let second = try await api.call(.get, "/v1/books?perPage=2&page=2", token: token)
            #expect((second["books"] as? [[String: Any]])?.compactMap { $0["isbn"] as? String } == [isbns[0]])
            #expect(try await api.call(.get, "/v1/books?perPage=0", token: token).status == .badRequest)
        }
    }

    @Test func questionsAreAnsweredFromTheAskersShelf() async throws {
        try await TestServer.run { api, _ in
            let ana = try await api.signedIn("ana")
            let kai = try await api.signedIn("kai")
            _ = try await api.call(
                .post, "/v1/books",
                body: [
                    "isbn": "9780441013593", "title": "Dune", "author": "Frank Herbert",
                    "description": "Politics and ecology on a desert planet",
                ], token: ana)
            _ = try await api.call(
                .post, "/v1/books", body: ["isbn": "9780547928227", "title": "The Hobbit"], token: ana)
            let asked = try await api.call(
                .post, "/v1/questions", body: ["text": "What should I read about a desert planet?"], token: ana)
            #expect(asked.status == .created)
            #expect(
                asked["answer"] as? String
                    == "One book on your shelf fits: “Dune” by Frank Herbert (about “desert” and “planet”).")
            #expect((asked["books"] as? [[String: Any]])?.compactMap { $0["isbn"] as? String } == ["9780441013593"])
            let id = try #require((asked["id"] as? NSNumber)?.int64Value)

            let kais = try await api.call(
                .post, "/v1/questions", body: ["text": "What should I read about a desert planet?"], token: kai)
            #expect(
                kais["answer"] as? String
                    == "Nothing on your shelf fits this question yet; add books about “desert” and “planet”.")
            #expect(try await api.call(.get, "/v1/questions/\(id)", token: kai).status == .notFound)
            #expect(try await api.call(.delete, "/v1/questions/\(id)", token: kai).status == .notFound)

            let short = try await api.call(.post, "/v1/questions", body: ["text": "Why?"], token: ana)
            #expect(short.status.code == 422)
            #expect(short.error?.field == "text")
            #expect(short.error?.message == "a question must be 10–100 characters (this one has 4)")

            let list = try await api.call(.get, "/v1/questions", token: ana)
            #expect(list["total"] as? Int == 1)
            #expect(
                try await api.call(.get, "/v1/questions/\(id)", token: ana)["text"] as? String
                    == "What should I read about a desert planet?")
            #expect(try await api.call(.delete, "/v1/questions/\(id)", token: ana).status == .noContent)
            #expect(try await api.call(.get, "/v1/questions/\(id)", token: ana).status == .notFound)
            // The book it recommended stays.
            #expect(try await api.call(.get, "/v1/books/9780441013593", token: ana).status == .ok)
        }
    }
}
