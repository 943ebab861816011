/// The rows an import refused, in file order, held as compactly as a list of them can be: a line
/// number and the index of a shared reason each (12 bytes a row, where an array of `Rejection`s
/// takes 24), so that a file of a million rejected rows stays within the import's memory bound
/// (docs/reliability.md, "Huge inputs").
public struct BookImportRejections: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral {
    public typealias Element = BookImport.Rejection

    private var lines: [Int] = []
    private var reasonOfRow: [UInt32] = []
    /// Each distinct reason once, and where it is in `reasons`.
    private var reasons: [String] = []
    private var reasonIndex: [String: UInt32] = [:]

    public init() {}

    public init(arrayLiteral elements: Element...) {
        for element in elements { append(element) }
    }

    public init(_ elements: some Sequence<Element>) {
        for element in elements { append(element) }
    }

    public mutating func append(_ rejection: Element) {
        let index: UInt32
        if let known = reasonIndex[rejection.reason] {
            index = known
        } else {
            index = UInt32(reasons.count)
            reasons.append(rejection.reason)
            reasonIndex[rejection.reason] = index
        }
        lines.append(rejection.line)
        reasonOfRow.append(index)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { lines.count }

    public subscript(position: Int) -> Element {
        Element(line: lines[position], reason: reasons[Int(reasonOfRow[position])])
    }

    public static func == (left: Self, right: Self) -> Bool { left.elementsEqual(right) }
}
