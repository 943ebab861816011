import ClubhouseSync
import ClubhouseTestSupport
import Testing

/// Push pages sized by their weight (issue 27, case 3): at most 500 changes and 256 KiB of encoded
/// changes a page, whatever a record weighs; one heavier than a page goes alone.
@Suite(.heavy) struct PushPagingTests {
    @Test func lightChangesFillPagesOfTheCount() {
        let pages = PushPaging.pages(weights: Array(repeating: 120, count: 1_200), maxCount: 500, maxBytes: 256 * 1024)
        #expect(pages == [0..<500, 500..<1_000, 1_000..<1_200])
    }

    /// 600 gathers of 22 players (about 3 KB each): pages of 87, not one of 500 (1.5 MB).
    @Test func heavyChangesFillPagesOfTheBytes() {
        let pages = PushPaging.pages(weights: Array(repeating: 3_000, count: 600), maxCount: 500, maxBytes: 262_144)
        #expect(pages.count == 7)
        #expect(pages.dropLast().allSatisfy { $0.count == 87 })
        #expect(pages.last == 522..<600)
    }

    @Test func aChangeHeavierThanAPageGoesAlone() {
        let pages = PushPaging.pages(weights: [10, 10, 5_000, 10, 10], maxCount: 500, maxBytes: 1_000)
        #expect(pages == [0..<2, 2..<3, 3..<5])
    }

    /// A smaller count (after a page was refused for time) cuts smaller pages.
    @Test func theCountBoundsAPageOfLightChanges() {
        #expect(PushPaging.page(weights: Array(repeating: 1, count: 10), from: 4, maxCount: 3, maxBytes: 100) == 4..<7)
        #expect(PushPaging.page(weights: [1, 1], from: 2, maxCount: 3, maxBytes: 100) == 2..<2)
    }

    /// Whatever the weights, the pages cover every change once, in order, each within both bounds
    /// unless it is one change alone.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func pagesCoverEveryChangeOnceInOrder(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let weights = (0..<Int.random(in: 0...2_000, using: &generator)).map { _ in
            Int.random(in: 1...(Bool.random(using: &generator) ? 400 : 40_000), using: &generator)
        }
        let maxCount = Int.random(in: 1...500, using: &generator)
        let maxBytes = Int.random(in: 1_000...300_000, using: &generator)
        let pages = PushPaging.pages(weights: weights, maxCount: maxCount, maxBytes: maxBytes)
        #expect(pages.flatMap { Array($0) } == Array(weights.indices))
        for page in pages where page.count > 1 {
            #expect(page.count <= maxCount)
            #expect(weights[page].reduce(0, +) <= maxBytes)
        }
        // Greedy: a page stops only where the next change would break a bound.
        for page in pages.dropLast() {
            let next = weights[page.upperBound]
            #expect(page.count == maxCount || weights[page].reduce(0, +) + next > maxBytes)
        }
    }
}
