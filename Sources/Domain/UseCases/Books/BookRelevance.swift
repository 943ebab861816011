import Foundation

/// How well a book fits a question: the one rule of recommendations, which the device (in SQL
/// over its FTS5 index) and the server (over the shelf it reads) both follow, so the same shelf
/// recommends the same books everywhere (RuleParityTests).
///
/// Each keyword scores the weight of every field it matches — a word of the field that starts
/// with the keyword, case and diacritics aside, as FTS5's `unicode61 remove_diacritics 2`
/// tokenizer matches a prefix query, by the field's declared `searchWeight` (10 in the title, 5 in
/// the author, 1 in the description).
/// Equal scores are ordered by ISBN: every device holds it, while local ids, save orders and
/// update times differ from one device to another (bm25 and `ts_rank` also weighed how often a
/// word appears and how long a field is, which the two engines count differently).
package enum BookRelevance {
    /// The word as the index compares it: lower case, diacritics removed — and no more: case
    /// folding would also turn ß into ss and ﬂ into fl, which FTS5's tokenizer does not.
    package static func folded(_ word: String) -> String {
        word.lowercased().folding(options: [.diacriticInsensitive], locale: nil)
    }

    /// The words of a field as the index holds them.
    package static func words(of book: Book, _ field: BookField) -> [String] {
        SearchWords.words(in: book.fields[field].text ?? "", limit: .max).map(folded)
    }

    /// Whether `keyword` starts one of `words` (from `words(of:_:)`), as a prefix query matches.
    package static func matches(_ keyword: String, _ words: [String]) -> Bool {
        let key = folded(keyword)
        return words.contains { $0.hasPrefix(key) }
    }

    package static func score(_ book: Book, keywords: [String]) -> Int {
        var score = 0
        for field in BookField.searched {
            let words = words(of: book, field)
            for keyword in keywords where matches(keyword, words) { score += field.searchWeight ?? 0 }
        }
        return score
    }

    /// The books that match at least one keyword, best first, at most `limit`.
    package static func best(_ books: [Book], keywords: [String], limit: Int) -> [Book] {
        let scored = books.map { (book: $0, score: score($0, keywords: keywords)) }.filter { $0.score > 0 }
        return scored.sorted { $0.score != $1.score ? $0.score > $1.score : $0.book.isbn.digits < $1.book.isbn.digits }
            .prefix(max(0, limit)).map(\.book)
    }
}
