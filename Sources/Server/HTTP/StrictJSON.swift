import Foundation

/// What Foundation's JSON parser lets through and this server refuses (RFC 8259 allows neither as
/// interoperable): a comma before a closing bracket (`{"a":1,}`), and an object naming a key twice,
/// of which the parser silently kept one (`{"name":"a","name":"b"}`: which one did the client mean?).
/// A scan of the structure only, run on a body before it is decoded; whatever else is wrong is left
/// to the parser, which says so.
enum StrictJSON {
    enum Fault: Error, Equatable {
        case trailingComma
        case duplicateKey(String)
    }

    /// Refuses `data` in the API's error shape: 400 `malformed_json` for a trailing comma, 400
    /// `invalid_field` naming a key given twice.
    static func check(_ data: Data) throws(APIError) {
        var scanner = Scanner(bytes: [UInt8](data))
        do throws(Fault) { try scanner.run() } catch {
            switch error {
            case .trailingComma:
                throw APIError(
                    .badRequest, "malformed_json",
                    "the request body is not valid JSON: a comma before a closing bracket")
            case .duplicateKey(let key):
                throw APIError.invalidField(key, "\(key) is given twice")
            }
        }
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        /// The keys of each object open around the scan (nil for an array).
        var open: [Set<String>?] = []

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        mutating func run() throws(Fault) {
            var afterComma = false
            // Whether the next string in the innermost object is a key.
            var expectingKey = false
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "{"):
                    open.append([])
                    expectingKey = true
                    afterComma = false
                    index += 1
                case UInt8(ascii: "["):
                    open.append(nil)
                    expectingKey = false
                    afterComma = false
                    index += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if afterComma { throw .trailingComma }
                    if !open.isEmpty { open.removeLast() }
                    expectingKey = false
                    index += 1
                case UInt8(ascii: ","):
                    afterComma = true
                    // Inside an object a comma is followed by a key.
                    expectingKey = (open.last ?? nil) != nil
                    index += 1
                case UInt8(ascii: ":"):
                    expectingKey = false
                    index += 1
                case UInt8(ascii: "\""):
                    let text = string()
                    if expectingKey, let key = text, var keys = open.last ?? nil {
                        if !keys.insert(key).inserted { throw .duplicateKey(key) }
                        open[open.count - 1] = keys
                    }
                    expectingKey = false
                    afterComma = false
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    index += 1
                default:
                    // A number or a literal: part of a value; the parser judges it.
                    afterComma = false
                    index += 1
                }
            }
        }

        /// Reads the string starting at `index` (its opening quote) and moves past it: its text, or
        /// nil when it does not end or cannot be read (the parser will refuse the body).
        mutating func string() -> String? {
            let start = index
            index += 1
            var escaped = false
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    let token = bytes[start..<index]
                    // Escapes make "a" and "\u0061" one key: decode only where there are any.
                    guard token.contains(UInt8(ascii: "\\")) else {
                        return String(decoding: token.dropFirst().dropLast(), as: UTF8.self)
                    }
                    return try? JSONDecoder().decode(String.self, from: Data(token))
                }
            }
            return nil
        }
    }
}
