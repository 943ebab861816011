/// Saves the valid rows of a parsed file (`BookCSV`) on the owner's shelf, in file order, a step
/// of rows at a time (`saveAll`): a row whose ISBN is on the shelf, or on an earlier row, updates
/// that book with every field of the row. The caller runs it in one write transaction, so an import that fails
/// half-way saves nothing; the file is parsed before, because parsing is slow work.
package struct ImportBooks {
    package typealias Summary = BookImportSummary

    /// Progress is reported at most this many times, plus once at the start and once at the end.
    package static let progressSteps = 100

    private let books: any BookRepository
    private let clock: any WallClock

    package init(books: any BookRepository, clock: any WallClock) {
        self.books = books
        self.clock = clock
    }

    /// `progress(done, total)` is called with rows saved so far: with 0 first, then about every
    /// 1%, and with `total` last, so a progress bar stays cheap on a file of any size.
    package func callAsFunction(
        _ file: BookImport, owner: User.ID, progress: ((_ done: Int, _ total: Int) -> Void)? = nil
    ) throws -> Summary {
        let total = file.books.count
        // Saved a step at a time: few enough statements to stay fast, often enough for the bar.
        let step = max(Self.minimumStep, (total + Self.progressSteps - 1) / Self.progressSteps)
        // One instant for the whole import: the rows keep their file order on the shelf, because
        // the shelf breaks a tie by the last saved.
        let now = clock.now()
        var summary = Summary(rejected: file.rejected)
        progress?(0, total)
        var start = 0
        while start < total {
            let end = min(start + step, total)
            let saved = try books.saveAll(file.books[start..<end].map(\.draft), owner: owner, at: now)
            summary.added += saved.added
            summary.updated += saved.updated
            start = end
            if end < total { progress?(end, total) }
        }
        progress?(total, total)
        return summary
    }

    /// Rows saved at once at least: each statement that writes books also flushes the full-text
    /// index, which costs more than the rows themselves when they are few.
    static let minimumStep = 500
}
