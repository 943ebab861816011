/// One page of a list that is read a page at a time (books, questions).
public struct Page<Item> {
    /// From 1.
    public let number: Int
    public let size: Int
    /// Items in the whole list.
    public let total: Int
    public let items: [Item]

    public init(number: Int, size: Int, total: Int, items: [Item]) {
        self.number = number
        self.size = size
        self.total = total
        self.items = items
    }

    /// At least one: an empty list has one empty page.
    public var count: Int { Self.count(total: total, size: size) }

    private static func count(total: Int, size: Int) -> Int { max(1, (total + size - 1) / size) }

    /// Checks a requested page against a list of `total` items, then reads it with `read(offset, limit)`.
    public static func read(
        _ number: Int, size: Int, total: Int, _ read: (_ offset: Int, _ limit: Int) throws -> [Item]
    ) throws -> Page {
        guard (1...Page.maximumSize).contains(size) else {
            throw ClubhouseError.invalidInput("a page holds 1–\(Page.maximumSize) items")
        }
        let count = count(total: total, size: size)
        guard number >= 1 else { throw ClubhouseError.invalidInput("pages are numbered from 1") }
        guard number <= count else {
            throw ClubhouseError.invalidInput(
                "there is no page \(number): \(count == 1 ? "there is 1 page" : "there are \(count) pages")")
        }
        return Page(number: number, size: size, total: total, items: try read((number - 1) * size, size))
    }

    public static var maximumSize: Int { 1000 }
}

extension Page: Equatable where Item: Equatable {}
extension Page: Sendable where Item: Sendable {}

extension Page where Item == Book {
    /// Books on one page of the library, as the app shows them.
    public static var defaultSize: Int { 12 }
}

extension Page where Item == Question {
    /// Questions on one page of the list, as the app shows them.
    public static var defaultSize: Int { 10 }
}
