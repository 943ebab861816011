#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Appends bytes to a buffer sized in advance; a write past its end stops the program rather than
/// corrupt memory.
struct ByteWriter {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0

    init(buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    mutating func byte(_ value: UInt8) {
        precondition(count < buffer.count, "output buffer too small")
        buffer[count] = value
        count += 1
    }

    mutating func spaces(_ n: Int) {
        guard n > 0 else { return }
        precondition(count + n <= buffer.count, "output buffer too small")
        memset(buffer.baseAddress! + count, Int32(UInt8(ascii: " ")), n)
        count += n
    }

    /// Writes the text's UTF-8 and returns how many bytes that was.
    @discardableResult
    mutating func write(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            precondition(count + bytes.count <= buffer.count, "output buffer too small")
            if let base = bytes.baseAddress { memcpy(buffer.baseAddress! + count, base, bytes.count) }
            count += bytes.count
            return bytes.count
        }
    }

    /// Writes the decimal digits and returns how many bytes that was.
    @discardableResult
    mutating func write(_ value: Int64) -> Int {
        if value < 0 {
            byte(UInt8(ascii: "-"))
            return 1 + write(digitsOf: value.magnitude)
        }
        return write(digitsOf: value.magnitude)
    }

    /// How many characters `write(_:)` takes for `value`, sign included.
    static func digitCount(_ value: Int64) -> Int {
        (value < 0 ? 1 : 0) + digitCount(of: value.magnitude)
    }

    private static func digitCount(of value: UInt64) -> Int {
        var digits = 1
        var rest = value / 10
        while rest != 0 {
            digits += 1
            rest /= 10
        }
        return digits
    }

    private mutating func write(digitsOf value: UInt64) -> Int {
        let digits = Self.digitCount(of: value)
        precondition(count + digits <= buffer.count, "output buffer too small")
        var remaining = value
        for position in stride(from: count + digits - 1, through: count, by: -1) {
            buffer[position] = UInt8(ascii: "0") + UInt8(remaining % 10)
            remaining /= 10
        }
        count += digits
        return digits
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Bytes `writeJSON(_:)` will write for `text`, quotes included.
    static func jsonLength(_ text: String) -> Int {
        var length = 2
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x08, 0x09, 0x0A, 0x0C, 0x0D: length += 2
            case 0..<0x20: length += 6
            default: length += 1
            }
        }
        return length
    }

    /// Writes `text` as a JSON string, escaped as Foundation's JSONEncoder escapes it.
    mutating func writeJSON(_ text: String) {
        byte(UInt8(ascii: "\""))
        for unit in text.utf8 {
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
        byte(UInt8(ascii: "\""))
    }
}
