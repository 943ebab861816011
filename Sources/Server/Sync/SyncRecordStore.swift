import ClubhouseDomain
import ClubhouseSyncWire
import PostgresNIO

/// A synced entity's fields as the wire types them: a create reads every field, a put reads its
/// present fields over the stored record.
protocol SyncFieldSet: Equatable, Sendable {
    init(_ fields: SyncFields, over base: Self?) throws(SyncFieldError)
    var fields: SyncFields { get }
}

extension SyncPlayerFields: SyncFieldSet {}
extension SyncBookFields: SyncFieldSet {}
extension SyncQuestionFields: SyncFieldSet {}
extension SyncGatherFields: SyncFieldSet {}

/// One entity's records in SQL by key, always by owner, as the push applies them and the log
/// shows them. The same rows the REST routes read and write.
protocol SyncRecordStore: Sendable {
    associatedtype Fields: SyncFieldSet
    static var entity: SyncEntity { get }

    init(_ connection: PostgresConnection, logger: Logger)

    /// The record with `key` (validated for the entity); `locking` holds its row to the end.
    func find(key: String, owner: User.ID, locking: Bool) async throws -> Fields?
    func insert(key: String, _ fields: Fields, owner: User.ID) async throws
    func update(key: String, _ fields: Fields, owner: User.ID) async throws
    func delete(key: String, owner: User.ID) async throws

    /// The Domain's rules, as the CLI and the REST routes apply them: the fields as they are
    /// stored (trimmed, blank optional text as none), or the first rule they break.
    func validated(_ fields: Fields, key: String, owner: User.ID) async throws -> Fields

    /// A refusal the record's neighbours call for (a second gather in progress), if any.
    func conflict(_ fields: Fields, existing: Fields?, key: String, owner: User.ID) async throws -> SyncRefusalReason?

    /// How a message names the record: `player "Ana"`.
    static func label(_ fields: Fields) -> String
}

extension SyncRecordStore {
    func conflict(_ fields: Fields, existing: Fields?, key: String, owner: User.ID) async throws -> SyncRefusalReason? {
        nil
    }
}

/// A change's refusal: its code and the sentence for people.
struct SyncRefusalReason: Error, Equatable, Sendable {
    let code: SyncRefusal
    let message: String
    /// Set when a create is refused: the record's label, its key then buried as refused.
    let buries: String?

    init(_ code: SyncRefusal, _ message: String, buries: String? = nil) {
        self.code = code
        self.message = message
        self.buries = buries
    }

    func burying(_ label: String) -> SyncRefusalReason { SyncRefusalReason(code, message, buries: label) }

    static func invalid(_ error: ClubhouseError) -> SyncRefusalReason {
        SyncRefusalReason(.invalid, error.message)
    }
}

/// Text quoted in a message, as the CLI quotes names.
func quoted(_ text: String) -> String { "\"\(text)\"" }

/// Untrusted text (a key, a field's name) as a message shows it: at most 64 characters, each
/// control character as U+FFFD. Messages are stored (PostgreSQL's text holds no NUL) and shown.
func shown(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars.prefix(64) {
        scalars.append(scalar.properties.generalCategory == .control ? "\u{FFFD}" : scalar)
    }
    return String(scalars) + (text.unicodeScalars.count > 64 ? "…" : "")
}
