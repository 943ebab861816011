/// Saves the valid rows of a CSV file (`BookCSVReader`) on the owner's shelf, in file order, a step
/// of rows at a time (`saveAll`) as they are read: a row whose ISBN is on the shelf, or on an
/// earlier row, updates that book with every field of the row. The caller runs it in one write
/// transaction, so an import that fails half-way (a file that turns out unreadable, a row past a
/// limit, an interruption) saves nothing. Only one step of rows is held at a time.
package struct ImportBooks {
    package typealias Summary = BookImportSummary

    private let books: any BookRepository
    private let clock: any WallClock

    package init(books: any BookRepository, clock: any WallClock) {
        self.books = books
        self.clock = clock
    }

    /// `progress(bytesRead)` is called with 0 first, after each step of rows, and once at the end.
    package func callAsFunction(
        _ file: BookCSVReader, owner: User.ID, progress: ((_ bytesRead: Int) -> Void)? = nil
    ) throws -> Summary {
        // One instant for the whole import: the rows keep their file order on the shelf, because
        // the shelf breaks a tie by the last saved.
        let now = clock.now()
        var summary = Summary()
        progress?(file.bytesRead)
        var step: [BookDraft] = []
        step.reserveCapacity(Self.step)
        func save() throws {
            let saved = try books.saveAll(step, owner: owner, at: now)
            summary.added += saved.added
            summary.updated += saved.updated
            step.removeAll(keepingCapacity: true)
        }
        while let item = try file.next() {
            switch item {
            case .book(let row): step.append(row.draft)
            case .rejected(let rejection): summary.rejected.append(rejection)
            }
            if step.count == Self.step {
                try save()
                progress?(file.bytesRead)
            }
        }
        try save()
        progress?(file.bytesRead)
        return summary
    }

    /// Rows saved at once: each statement that writes books also flushes the full-text index,
    /// which costs more than the rows themselves when they are few; more rows would only hold
    /// more memory.
    static let step = 2000
}
