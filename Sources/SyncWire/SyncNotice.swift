/// Something a device is told once: its change was lost or replaced by another device's. Only
/// the device addressed sees it.
public struct SyncNotice: Codable, Sendable, Equatable, Hashable {
    public var code: SyncNoticeCode
    /// For people, as `sync` prints it after `warning: `.
    public var message: String
    public var entity: SyncEntity
    public var key: String

    public init(code: SyncNoticeCode, message: String, entity: SyncEntity, key: String) {
        self.code = code
        self.message = message
        self.entity = entity
        self.key = key
    }
}

/// A notice's kind. A string on the wire (the standard library codes a
/// `RawRepresentable` as its raw value), so a code added later still decodes.
public struct SyncNoticeCode: RawRepresentable, Codable, Sendable, Equatable, Hashable, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// The device's edit of a record was lost: another device deleted the record.
    public static let editLost = SyncNoticeCode(rawValue: "edit_lost")
    /// A field the device changed was overwritten by another device's later change.
    public static let fieldReplaced = SyncNoticeCode(rawValue: "field_replaced")
    /// A value the device set was not kept: another record holds it (a shirt number another
    /// player wears); the rest of the change was.
    public static let valueTaken = SyncNoticeCode(rawValue: "value_taken")

    public var description: String { rawValue }
}
