/// The kinds of record that sync.
public enum SyncEntity: String, Codable, Sendable, Equatable, Hashable, CaseIterable {
    case player, book, question, gather

    /// The wire names of the entity's fields, in the order a create lists them.
    public var fieldNames: [String] {
        switch self {
        case .player: SyncPlayerFields.names
        case .book: SyncBookFields.names
        case .question: SyncQuestionFields.names
        case .gather: SyncGatherFields.names
        }
    }

    /// The fields that hold an instant (Unix ms). On the wire they are in the server's clock, in a
    /// device's file in its own: a device shifts them by its clock's offset both ways. A book's
    /// `published` is a calendar date, not an instant.
    public var instantFieldNames: [String] {
        switch self {
        case .gather: SyncGatherFields.instantNames
        case .question: SyncQuestionFields.instantNames
        case .player, .book: []
        }
    }

    /// Books are keyed by ISBN-13 (the same ISBN on two devices is the same book); every other
    /// entity by a random UUID made where the record was created.
    public var isKeyedByISBN: Bool { self == .book }
}

/// What a change does: `put` creates or overwrites the fields present, `delete` removes.
public enum SyncOp: String, Codable, Sendable, Equatable, Hashable, CaseIterable {
    case put, delete
}
