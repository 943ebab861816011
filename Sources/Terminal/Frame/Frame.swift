import ClubhouseText

/// What the terminal shows, as a grid of cells: the drawing's whole output, compared with the
/// previous frame so that only changed cells are written, and printed as text for snapshots.
public struct Frame: Equatable, Sendable {
    public let width: Int
    public let height: Int
    var cells: [Cell]

    /// One column of the grid: a grapheme (or "" for the right half of a wide one) and its style.
    struct Cell: Equatable, Sendable {
        var text: String
        var style: Style

        static let blank = Cell(text: " ", style: .plain)
    }

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    subscript(row: Int, column: Int) -> Cell {
        get { cells[row * width + column] }
        set { cells[row * width + column] = newValue }
    }

    /// Draws `text` escaped (untrusted text never reaches the terminal as it is) from `column`,
    /// within `limit` columns (to the right edge when nil); text that does not fit ends in "…".
    /// Returns the columns used. Widths are per grapheme, as `DisplayWidth` measures them.
    @discardableResult
    mutating func put(
        _ text: String, row: Int, column: Int, style: Style = .plain, limit: Int? = nil, escaped: Bool = false
    ) -> Int {
        guard row >= 0, row < height, column >= 0, column < width else { return 0 }
        let room = min(limit ?? width - column, width - column)
        guard room > 0 else { return 0 }
        // `escaped`: the caller escaped it already (to measure or wrap it); twice would double backslashes.
        let shown = escaped ? text : TextEscaping.escaped(text)
        let fits = TextEscaping.isPlain(shown) ? shown.utf8.count <= room : DisplayWidth.of(shown) <= room
        var used = 0
        if fits, TextEscaping.isPlain(shown) {
            // Most text: one cell a byte.
            for byte in shown.utf8 {
                self[row, column + used] = Cell(text: String(UnicodeScalar(byte)), style: style)
                used += 1
            }
            return used
        }
        let budget = fits ? room : room - 1  // a column kept for the ellipsis
        for character in shown {
            let columns = DisplayWidth.of(character)
            if columns == 0 {
                // A mark with nothing before it in this text: shown on a space of its own.
                if used == 0, used < budget {
                    self[row, column] = Cell(text: " " + String(character), style: style)
                    used = 1
                } else if used > 0 {
                    self[row, column + used - 1].text.append(character)
                }
                continue
            }
            guard used + columns <= budget else { break }
            self[row, column + used] = Cell(text: String(character), style: style)
            if columns == 2 { self[row, column + used + 1] = Cell(text: "", style: style) }
            used += columns
        }
        if !fits {
            self[row, column + used] = Cell(text: "…", style: style)
            used += 1
        }
        return used
    }

    /// Gives `style` to `count` cells of a row from `column`, keeping their text.
    mutating func paint(row: Int, column: Int = 0, count: Int? = nil, style: Style) {
        guard row >= 0, row < height else { return }
        let end = min(width, column + (count ?? width - column))
        guard column < end else { return }
        for index in column..<end { self[row, index].style = style }
    }

    /// Fills a row with `text` repeated (a rule), from `column`.
    mutating func fill(row: Int, with text: String, style: Style = .plain, from column: Int = 0) {
        guard row >= 0, row < height else { return }
        for index in max(0, column)..<width { self[row, index] = Cell(text: text, style: style) }
    }

    /// Each row as text, trailing spaces cut: what a snapshot holds and what a person sees.
    public var lines: [String] {
        (0..<height).map { row in
            var line = ""
            for column in 0..<width { line += self[row, column].text }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }

    public var text: String { lines.joined(separator: "\n") + "\n" }
}

/// How a cell is drawn. Colours are used only when the terminal has them and `NO_COLOR` is
/// unset; without them each style falls back to plain, bold or reverse video.
public enum Style: UInt8, Equatable, Sendable {
    case plain, bold, dim, reverse, title, selectedTab, marker, heading, error, warning, note, input
}
