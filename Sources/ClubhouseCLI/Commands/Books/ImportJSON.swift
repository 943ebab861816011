import Clubhouse

/// `{"added","rejected":[{"line","reason"}],"updated"}`, as `JSONOutput` renders it, written a
/// piece at a time: a file of a million rejected rows is never one string in memory.
enum ImportJSON {
    private struct Rejection: Encodable {
        let line: Int
        let reason: String
    }

    /// Rejections encoded at once: one encoder call per row would be slow, one for all of them
    /// would hold the whole text.
    static let batch = 1000

    /// Hands the text to `write` in pieces, the last ending the line.
    static func write(_ summary: BookImportSummary, to write: (String) -> Void) throws {
        write("{\"added\":\(summary.added),\"rejected\":[")
        var start = summary.rejected.startIndex
        while start < summary.rejected.endIndex {
            let end = min(start + batch, summary.rejected.endIndex)
            let rows = summary.rejected[start..<end].map { Rejection(line: $0.line, reason: $0.reason) }
            // The batch as an array, without its brackets.
            let text = try JSONOutput.render(rows)
            write((start == summary.rejected.startIndex ? "" : ",") + text.dropFirst().dropLast())
            start = end
        }
        write("],\"updated\":\(summary.updated)}\n")
    }
}
