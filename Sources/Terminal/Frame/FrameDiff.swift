/// The bytes that turn what the terminal shows (`old`) into `new`: only the cells that changed,
/// each run reached with one cursor move, styles switched only where they change. With no old
/// frame (the first one, or after a resize) the screen is cleared and drawn whole.
public struct FrameDiff {
    public var colours: Bool

    public init(colours: Bool) {
        self.colours = colours
    }

    public func bytes(from old: Frame?, to new: Frame) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        var current: Style? = nil
        let whole = old.map { $0.width != new.width || $0.height != new.height } ?? true
        if whole {
            out += Array("\u{1B}[0m\u{1B}[2J".utf8)
            current = .plain
        }
        for row in 0..<new.height {
            var column = 0
            while column < new.width {
                guard whole || old![row, column] != new[row, column] else {
                    column += 1
                    continue
                }
                // A run of changes; gaps of a few unchanged cells are cheaper to write than to jump.
                var start = column
                // The right half of a wide character is drawn by its left half.
                while start > 0, new[row, start].text.isEmpty { start -= 1 }
                var last = column
                var next = column + 1
                while next < new.width, next - last <= 4 {
                    if whole || old![row, next] != new[row, next] { last = next }
                    next += 1
                }
                var end = last + 1
                // A wide character's right half changed with it: its left half draws both.
                if end < new.width, new[row, end].text.isEmpty { end += 1 }
                out += Array("\u{1B}[\(row + 1);\(start + 1)H".utf8)
                for index in start..<end {
                    let cell = new[row, index]
                    if cell.text.isEmpty { continue }
                    if cell.style != current {
                        out += sgr(cell.style)
                        current = cell.style
                    }
                    out += Array(cell.text.utf8)
                }
                column = end
            }
        }
        if current != .plain, current != nil { out += Array("\u{1B}[0m".utf8) }
        return out
    }

    /// The escape that selects `style`, from a reset so that no attribute leaks from the last.
    func sgr(_ style: Style) -> [UInt8] {
        let code: String =
            switch style {
            case .plain: "0"
            case .bold: "0;1"
            case .dim: colours ? "0;2" : "0"
            case .reverse, .selectedTab: "0;7"
            case .title: colours ? "0;1;36" : "0;1"
            case .marker: colours ? "0;1;33" : "0;1"
            case .heading: colours ? "0;1;34" : "0;1"
            case .error: colours ? "0;1;31" : "0;1"
            case .warning: colours ? "0;33" : "0;1"
            case .note: colours ? "0;32" : "0"
            case .input: "0;4"
            }
        return Array("\u{1B}[\(code)m".utf8)
    }
}
