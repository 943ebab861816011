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

/// One entity's records in SQL by key, always by owner: the one store of its record kind, whose
/// SQL the REST routes read and every write (a device's push, a REST write) goes through, by
/// `SyncApplier`. Its vocabulary (wire name to column) is `table`; reads and writes take whole
/// batches (a page's records in a few statements).
protocol SyncRecordStore: Sendable {
    associatedtype Fields: SyncFieldSet
    static var entity: SyncEntity { get }
    static var table: SyncTable { get }

    var connection: PostgresConnection { get }
    var logger: Logger { get }
    init(_ connection: PostgresConnection, logger: Logger)

    /// Those of `keys` (each of the entity's key shape) that exist, their rows locked to the end.
    func find(keys: [String], owner: User.ID) async throws -> [String: Fields]
    /// Creates, in this order (their ids follow it).
    func insert(_ records: [(key: String, fields: Fields)], owner: User.ID) async throws
    func update(_ records: [(key: String, fields: Fields)], owner: User.ID) async throws
    func delete(keys: [String], owner: User.ID) async throws

    /// `insert`, `update` and `delete`'s statements built into `sql`, to run beside others as
    /// one statement (`SQLBuilder`): only for a store whose writes read no table a page writes
    /// (players, books); the others' default throws, and the applier never asks them.
    func writes(
        inserts: [(key: String, fields: Fields)], updates: [(key: String, fields: Fields)], deletes: [String],
        owner: User.ID, into sql: inout SQLBuilder
    ) throws -> [String]

    /// The entity whose records `fields` name (a gather's players, a question's books), if any.
    static var referenced: SyncEntity? { get }
    /// The keys of the records `fields` name.
    static func references(_ fields: Fields) -> [String]

    /// The Domain's rules, as the CLI applies them: the fields as they are stored (trimmed, blank
    /// optional text as none), or the first rule they break. `present`: those of `references`
    /// the account holds.
    static func validated(_ fields: Fields, key: String, present: Set<String>) throws(SyncRefusalReason) -> Fields

    /// Why a record as stored takes no more changes (an ended gather), if it does not.
    static func closed(_ existing: Fields) -> SyncRefusalReason?

    /// Whether `conflict` must be asked (it reads the table: the page's writes go first).
    static func mayConflict(_ fields: Fields, existing: Fields?) -> Bool
    /// A refusal the record's neighbours call for (a second gather in progress), if any.
    func conflict(_ fields: Fields, key: String, owner: User.ID) async throws -> SyncRefusalReason?

    /// Whether `settle` must be asked (it reads the table: the page's writes go first).
    static func maySettle(_ fields: Fields, existing: Fields?) -> Bool
    /// `fields` with a value another record holds dropped (a shirt number another player wears),
    /// kept as `existing` holds it, and the sentence naming who holds it; nil when none clashes.
    func settle(_ fields: Fields, existing: Fields?, key: String, owner: User.ID) async throws -> (Fields, String)?

    /// How a message names the record: `player "Ana"`.
    static func label(_ fields: Fields) -> String
}

extension SyncRecordStore {
    static var referenced: SyncEntity? { nil }
    static func references(_ fields: Fields) -> [String] { [] }
    static func mayConflict(_ fields: Fields, existing: Fields?) -> Bool { false }
    static func closed(_ existing: Fields) -> SyncRefusalReason? { nil }
    func conflict(_ fields: Fields, key: String, owner: User.ID) async throws -> SyncRefusalReason? { nil }
    static func maySettle(_ fields: Fields, existing: Fields?) -> Bool { false }
    func settle(_ fields: Fields, existing: Fields?, key: String, owner: User.ID) async throws -> (Fields, String)? {
        nil
    }

    func find(keys: [String], owner: User.ID) async throws -> [String: Fields] {
        guard !keys.isEmpty else { return [:] }
        return try await read(Self.table.find(keys: keys, owner: owner))
    }

    func writes(
        inserts: [(key: String, fields: Fields)], updates: [(key: String, fields: Fields)], deletes: [String],
        owner: User.ID, into sql: inout SQLBuilder
    ) throws -> [String] {
        logger.error(
            "a store whose writes read the tables was asked to join them", metadata: ["entity": "\(Self.entity)"])
        throw APIError.unexpected
    }

    func delete(keys: [String], owner: User.ID) async throws {
        guard !keys.isEmpty else { return }
        try await connection.run(Self.table.delete(keys: keys, owner: owner), logger: logger)
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
