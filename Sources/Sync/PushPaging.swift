/// How a push cuts the queued changes into requests. A page holds at most `maxCount` changes and
/// `maxBytes` of encoded changes, so a page of heavy records (a gather carries its 22 seats)
/// stays as small as a page of players for the server, whose database deadline (5 s by default)
/// bounds the time a page may take; a page the server still did not finish in time is sent again
/// in halves (`ClubhouseApp.sync()`), so that no page is ever sent again and again for ever.
package enum PushPaging {
    /// The encoded changes of one page, at most: about 75 gathers of 22 players, 1 500 players.
    package static let maximumBytes = 256 * 1024

    /// The page that starts at `start`: the changes from there, oldest first, while both bounds
    /// hold; always at least one change (one heavier than `maxBytes` goes alone).
    package static func page(weights: [Int], from start: Int, maxCount: Int, maxBytes: Int) -> Range<Int> {
        guard start < weights.count else { return start..<start }
        var end = start + 1
        var bytes = weights[start]
        while end < weights.count, end - start < maxCount, bytes + weights[end] <= maxBytes {
            bytes += weights[end]
            end += 1
        }
        return start..<end
    }

    /// Every page of `weights`, in order.
    package static func pages(weights: [Int], maxCount: Int, maxBytes: Int) -> [Range<Int>] {
        var pages: [Range<Int>] = []
        var start = 0
        while start < weights.count {
            let page = page(weights: weights, from: start, maxCount: maxCount, maxBytes: maxBytes)
            pages.append(page)
            start = page.upperBound
        }
        return pages
    }
}
