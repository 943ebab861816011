import ClubhouseDomain

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

    /// The fields a create must carry: every field of the wire the entity first synced on (a
    /// field added later is none in the create of a device that does not know it).
    public var createFieldNames: [String] {
        self == .player ? SyncPlayerFields.createNames : fieldNames
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

    /// What a person calls `field` in a sentence ("your change to … 's age"), by its declared
    /// label: fields that go together are one thing (a gather's countdown fields are its
    /// countdown, its end and winner its result, its two scores its score).
    public func shownName(of field: String) -> String {
        switch (self, field) {
        case (.player, let name): SyncPlayerFields.declared.first { $0.wire == name }?.shownName ?? name
        // A sentence says it plainer than the form's label.
        case (.book, BookField.published.wire): "publication date"
        case (.book, let name): SyncBookFields.declared.first { $0.wire == name }?.shownName ?? name
        case (.question, let name): QuestionField.named(wire: name)?.shownName ?? name
        case (.gather, let name): GatherField.named(wire: name)?.shownName ?? name
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
