import Foundation

/// Record keys and device ids as the wire writes them: UUIDs in lowercase, 36 characters.
public enum SyncKey {
    /// A new random key for a player, gather or question.
    public static func make() -> String { UUID().uuidString.lowercased() }

    /// The wire text of `uuid`.
    public static func text(_ uuid: UUID) -> String { uuid.uuidString.lowercased() }

    /// Whether `key` is a UUID written as the wire writes it (lowercase, 36 characters).
    public static func isUUIDKey(_ key: String) -> Bool {
        key.utf8.count == 36 && UUID(uuidString: key) != nil && key == key.lowercased()
    }

    /// Whether `key` is an ISBN-13 as a book key is written (13 digits; the check digit is the
    /// Domain's to verify).
    public static func isISBNKey(_ key: String) -> Bool {
        key.utf8.count == 13 && key.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }
}

extension KeyedEncodingContainer {
    /// UUIDs go on the wire in lowercase (Foundation's own encoding is uppercase).
    mutating func encodeWire(_ uuid: UUID, forKey key: Key) throws {
        try encode(SyncKey.text(uuid), forKey: key)
    }

    /// An optional UUID, written as `null` when nil (the field is always present).
    mutating func encodeWire(_ uuid: UUID?, forKey key: Key) throws {
        if let uuid { try encode(SyncKey.text(uuid), forKey: key) } else { try encodeNil(forKey: key) }
    }
}
