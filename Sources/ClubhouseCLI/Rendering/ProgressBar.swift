import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A one-line progress bar redrawn in place on standard error (`importing books [####....]
/// 1200/5000 24%`), for long work on a terminal only: the caller decides (`Terminal`) and draws
/// nothing otherwise. Progress is decoration, so a write that fails (the terminal went away)
/// stops the drawing instead of the work.
struct ProgressBar {
    /// The widest bar drawn, however wide the terminal: a longer one says nothing more.
    static let maximumBarWidth = 40
    /// Narrower than this, the bar is left out and only the counts are shown.
    static let minimumBarWidth = 10

    private let label: String
    private let columns: Int
    /// False on a terminal that cannot redraw a line (`TERM=dumb`): a plain line is printed at
    /// each tenth of the work instead, with no carriage return or escape sequence.
    private let inPlace: Bool
    private let sink: (String) -> Bool
    private var drawn: String?
    private var printedTenth: Int?
    private var broken = false

    /// `columns` is the terminal's width; `sink` writes a piece of text, false when it could not.
    init(label: String, columns: Int, inPlace: Bool = true, sink: @escaping (String) -> Bool) {
        self.label = TextOutput.escaped(label)
        self.columns = columns
        self.inPlace = inPlace
        self.sink = sink
    }

    /// A bar on standard error, as wide as that terminal.
    static func onStandardError(label: String) -> ProgressBar {
        ProgressBar(
            label: label, columns: terminalColumns(STDERR_FILENO), inPlace: Terminal.canRedraw(STDERR_FILENO)
        ) { text in
            writeAll(text, to: STDERR_FILENO)
        }
    }

    /// Shows `done` of `total`, replacing the line drawn before (nothing is written when the
    /// line would not change).
    mutating func update(done: Int, total: Int, unit: String = "") {
        let line = Self.line(label: label, done: done, total: total, unit: unit, columns: columns)
        guard line != drawn else { return }
        if !inPlace {
            let tenth = total > 0 ? min(max(done, 0), total) * 10 / total : 10
            guard tenth != printedTenth else { return }
            printedTenth = tenth
            send("\(line)\n")
            return
        }
        // Carriage return, the line, then erase what a longer earlier line left to its right.
        send("\r\(line)\u{1B}[K")
        drawn = line
    }

    /// Shows `done` of `total` bytes, in MiB (KiB for a file under 10 MiB).
    mutating func update(bytes done: Int, of total: Int) {
        let shift = total >= 10 << 20 ? 20 : 10
        update(done: done >> shift, total: total >> shift, unit: shift == 20 ? " MiB" : " KiB")
    }

    /// Clears the bar, leaving the cursor at the start of an empty line for what follows.
    mutating func finish() {
        guard drawn != nil, inPlace else { return }
        send("\r\u{1B}[K")
        drawn = nil
    }

    private mutating func send(_ text: String) {
        guard !broken else { return }
        if !sink(text) { broken = true }
    }

    /// The text of the bar for `done` of `total`, at most `columns - 1` columns wide (a line
    /// that fills the last column makes some terminals wrap). `label` is already escaped.
    static func line(label: String, done: Int, total: Int, unit: String = "", columns: Int) -> String {
        let total = max(total, 0)
        let done = min(max(done, 0), total)
        let percent = total == 0 ? 100 : done * 100 / total
        let counts = "\(done)/\(total)\(unit) \(percent)%"
        let room = columns - 1
        let labelWidth = DisplayWidth.of(label)
        // label, space, [bar], space, counts; sized for the widest counts, so the bar does not
        // change length as the numbers grow.
        let widest = "\(total)/\(total)\(unit) 100%".count
        let barWidth = min(maximumBarWidth, room - labelWidth - widest - 4)
        if barWidth >= minimumBarWidth {
            let filled = total == 0 ? barWidth : done * barWidth / total
            let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: barWidth - filled)
            return "\(label) [\(bar)] \(counts)"
        }
        if labelWidth + 1 + counts.count <= room { return "\(label) \(counts)" }
        return counts.count <= room ? counts : "\(percent)%"
    }

    /// The width of the terminal on `descriptor`, else $COLUMNS, else 80.
    static func terminalColumns(_ descriptor: Int32) -> Int {
        var size = winsize()
        if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let text = ProcessInfo.processInfo.environment["COLUMNS"], let columns = Int(text), columns > 0 {
            return columns
        }
        return 80
    }

    /// Writes all of `text`, or says it could not; never ends the process (unlike `Output`,
    /// whose failures are the command's own).
    private static func writeAll(_ text: String, to descriptor: Int32) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard var base = bytes.baseAddress else { return true }
            var left = bytes.count
            while left > 0 {
                let written = write(descriptor, base, left)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                base += written
                left -= written
            }
            return true
        }
    }
}
