/// Output bytes appended to one growable buffer, for the renderers that write long lists in one
/// pass. Nothing is sized by hand: every write first makes room for itself (the buffer doubles
/// as needed), so a longer value or a new field only makes the buffer grow and no write can pass
/// its end. A caller may hand the bytes on and start again (`flush(to:)`) to keep the buffer small
/// while rows stream out. Its own storage rather than an `[UInt8]`: appends are a capacity check
/// and a `memcpy`, which keeps `player list` as fast as the fixed buffer it replaces.
struct ByteWriter: ~Copyable {
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    /// `capacity` is a guess that saves regrowing; writing more than it is fine.
    init(reservingCapacity capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        storage = .allocate(capacity: self.capacity)
    }

    deinit {
        storage.deallocate()
    }

    /// The bytes so far, as text.
    var text: String { String(decoding: UnsafeBufferPointer(start: storage, count: count), as: UTF8.self) }

    /// Hands the bytes so far to `sink` and empties the buffer, keeping its storage for what comes.
    mutating func flush(to sink: (UnsafeRawBufferPointer) -> Void) {
        guard count > 0 else { return }
        sink(UnsafeRawBufferPointer(start: storage, count: count))
        count = 0
    }

    /// Makes room for `extra` more bytes.
    private mutating func reserve(_ extra: Int) {
        guard extra > capacity - count else { return }
        let grown = max(capacity * 2, count + extra)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.initialize(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity = grown
    }

    private mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
        guard let base = source.baseAddress, !source.isEmpty else { return }
        reserve(source.count)
        (storage + count).initialize(from: base, count: source.count)
        count += source.count
    }

    mutating func byte(_ value: UInt8) {
        reserve(1)
        storage[count] = value
        count += 1
    }

    mutating func spaces(_ n: Int) {
        guard n > 0 else { return }
        reserve(n)
        (storage + count).initialize(repeating: UInt8(ascii: " "), count: n)
        count += n
    }

    /// Writes the text's UTF-8 and returns how many bytes that was.
    @discardableResult
    mutating func write(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { source in
            append(source)
            return source.count
        }
    }

    /// Writes `text` as people are shown it (`TextOutput.escaped`) and returns how many columns
    /// that takes on a terminal.
    @discardableResult
    mutating func writeShown(_ text: String) -> Int {
        // Plain text (most names) is checked and copied in one visit to its bytes.
        var text = text
        let plain: Int? = text.withUTF8 { source in
            guard !source.contains(where: TextOutput.isNotPlain) else { return nil }
            append(source)
            return source.count
        }
        if let plain { return plain }
        var width = 0
        for scalar in text.unicodeScalars {
            guard let columns = DisplayWidth.plainWidth(scalar) else {
                let shown = TextOutput.escaped(text)
                write(shown)
                return DisplayWidth.of(shown)
            }
            width += columns
        }
        write(text)
        return width
    }

    /// Writes the decimal digits and returns how many bytes that was.
    @discardableResult
    mutating func write(_ value: Int64) -> Int {
        let digits = Self.digitCount(value)
        reserve(digits)
        var rest = value.magnitude
        var position = count + digits
        repeat {
            position -= 1
            storage[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        } while rest != 0
        if value < 0 { storage[count] = UInt8(ascii: "-") }
        count += digits
        return digits
    }

    /// How many characters `write(_:)` takes for `value`, sign included.
    static func digitCount(_ value: Int64) -> Int {
        var digits = value < 0 ? 2 : 1
        var rest = value.magnitude / 10
        while rest != 0 {
            digits += 1
            rest /= 10
        }
        return digits
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Writes `text` as a JSON string, escaped as Foundation's JSONEncoder escapes it: quote,
    /// backslash and every C0 control; everything else (DEL, C1, bidi controls) as it is.
    mutating func writeJSON(_ text: String) {
        var text = text
        text.withUTF8 { source in
            byte(UInt8(ascii: "\""))
            if source.contains(where: Self.needsJSONEscape) {
                for unit in source { writeJSON(unit) }
            } else {
                append(source)
            }
            byte(UInt8(ascii: "\""))
        }
    }

    private mutating func writeJSON(_ unit: UInt8) {
        switch unit {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"):
            byte(UInt8(ascii: "\\"))
            byte(unit)
        case 0x08: write("\\b")
        case 0x09: write("\\t")
        case 0x0A: write("\\n")
        case 0x0C: write("\\f")
        case 0x0D: write("\\r")
        case 0..<0x20:
            write("\\u00")
            byte(Self.hexDigits[Int(unit >> 4)])
            byte(Self.hexDigits[Int(unit & 0xF)])
        default:
            byte(unit)
        }
    }

    private static func needsJSONEscape(_ unit: UInt8) -> Bool {
        unit < 0x20 || unit == UInt8(ascii: "\"") || unit == UInt8(ascii: "\\")
    }
}
