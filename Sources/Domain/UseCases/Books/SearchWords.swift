/// The words of a search or a question as the full-text index sees them: runs of letters and
/// digits, in lower case, each once, in the order typed.
package enum SearchWords {
    /// No search needs more; a pasted page would only make a long query.
    package static let maximumCount = 32

    package static func words(in text: String, limit: Int = maximumCount) -> [String] {
        var words: [String] = []
        var seen: Set<String> = []
        var current = ""
        var hasLetter = false
        func flush() {
            defer { (current, hasLetter) = ("", false) }
            // A mark on its own (a stray combining accent) is no word: the index drops it, and
            // as a word it would match nothing and fail every search.
            guard hasLetter, words.count < limit else { return }
            let word = current.lowercased()
            if seen.insert(word).inserted { words.append(word) }
        }
        for scalar in text.unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil || isMark(scalar) {
                current.unicodeScalars.append(scalar)
                if !isMark(scalar) { hasLetter = true }
            } else {
                flush()
            }
        }
        flush()
        return words
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// The words of a question that say what it is about: without the words every question has.
    package static func keywords(in text: String) -> [String] {
        words(in: text).filter { TypedText.length($0) > 1 && !stopWords.contains($0) }
    }

    static let stopWords: Set<String> = [
        "a", "about", "an", "and", "any", "are", "as", "at", "be", "book", "books", "but", "by", "can", "could",
        "do", "does", "for", "from", "good", "has", "have", "how", "i", "in", "is", "it", "its", "like", "me",
        "my", "of", "on", "or", "read", "should", "some", "something", "that", "the", "there", "this", "to",
        "want", "was", "what", "when", "where", "which", "who", "why", "will", "with", "would", "you", "your",
    ]
}
