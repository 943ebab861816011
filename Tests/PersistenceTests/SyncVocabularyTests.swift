import ClubhouseDomain
import ClubhouseSyncWire
import GRDB
import Testing

@testable import ClubhousePersistence

/// One vocabulary on the device (issue 27): a synced field added or renamed on one side only fails
/// here. For every entity, the wire's field set (`SyncEntity.fieldNames`) == the names of the
/// device's one mapping to SQLite (`SyncEntity.columns`, which applies pulled changes) == the JSON
/// keys migration 0008's outbox triggers and views write (read from a fresh database); and every
/// column the mapping names is in its table.
@Suite struct SyncVocabularyTests {
    @Test(arguments: SyncEntity.allCases)
    func theMappingNamesEveryWireFieldInOrder(_ entity: SyncEntity) {
        #expect(entity.columns.map(\.wire) == entity.fieldNames)
    }

    @Test(arguments: SyncEntity.allCases)
    func everyMappedColumnIsInItsTable(_ entity: SyncEntity) throws {
        let database = try AppDatabase.inMemory()
        try database.writeSyncTables { store in
            func columns(_ table: String) throws -> [String] {
                try String.fetchAll(store.db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table])
            }
            let own = try columns(entity.table)
            #expect(own.contains(entity.keyColumn))
            for column in entity.columns {
                if column.storage == .rows {
                    #expect(try !columns(column.column).isEmpty, "\(entity).\(column.wire): no table \(column.column)")
                } else {
                    #expect(own.contains(column.column), "\(entity).\(column.wire): no column \(column.column)")
                }
            }
        }
    }

    /// The triggers' JSON: a create carries every field; an edit of every column (and of a seat,
    /// for a gather's teams) every field an edit can change. Questions are never edited.
    @Test func theOutboxTriggersWriteTheWireNames() throws {
        let database = try AppDatabase.inMemory()
        let library = Library(database)
        let ana = try library.user("ana")
        try database.writeSyncTables {
            try $0.setRemote(
                SyncRemoteRecord(
                    userID: ana.id, url: "http://127.0.0.1:1", deviceID: "0b6c1d0e-2f3a-4b5c-8d9e-0f1a2b3c4d5e",
                    deviceName: "laptop", serverUsername: "ana", token: "secret-token"))
        }
        let a = try database.write { try $0.players.insert(PlayerDraft(name: "A"), owner: ana.id) }
        let b = try database.write { try $0.players.insert(PlayerDraft(name: "B"), owner: ana.id) }
        try library.save(1, "Dune", owner: ana)
        try library.ask("which book is about sand?", books: [1], owner: ana)
        _ = try database.write { try $0.gathers.insert(owner: ana.id, teamA: [a], teamB: [b], at: t0) }

        /// The keys of the queued changes of each entity (all of them, merged), read and answered.
        func queued() throws -> [SyncEntity: Set<String>] {
            try database.writeSyncTables { store in
                let changes = try store.nextChanges(user: ana.id, limit: 100)
                try store.acknowledge(user: ana.id, appliedResults(changes))
                return changes.reduce(into: [:]) { $0[$1.entity, default: []].formUnion($1.fields.keys) }
            }
        }
        let creates = try queued()
        for entity in SyncEntity.allCases {
            #expect(creates[entity] == Set(entity.fieldNames), "\(entity)'s create")
        }

        try database.writeSyncTables { store in
            try store.db.execute(
                sql: """
                    UPDATE players SET \(Self.everyPlayerColumnChanged);
                    UPDATE books SET title = 'Dune!', author = 'Frank Herbert', publisher = 'Ace',
                        description = 'Sand', price_cents = 999, published = '1965-08-01', owned = 0;
                    UPDATE gathers SET started_at = '2023-11-14T22:00:00.000Z', ended_at = '2023-11-14T23:00:00.000Z',
                        winner = 'Team A', score_a = 2, score_b = 1, timer_duration_ms = 300000,
                        timer_state = 'running', timer_remaining_ms = 1000, timer_started_ms = 5,
                        timer_played_ms = 7;
                    UPDATE gather_players SET \(Self.everyPlayerColumnChanged);
                    """)
        }
        let edits = try queued()
        for entity in SyncEntity.allCases where entity != .question {
            #expect(edits[entity] == Set(entity.fieldNames), "\(entity)'s edit")
        }
        #expect(edits[.question] == nil)
    }

    /// Every declared player column set to a value it did not hold, by its rule: so a field
    /// declared later is edited here too, and its trigger must send it.
    static var everyPlayerColumnChanged: String {
        PlayerField.allCases.map { field in
            let value =
                switch field.rule {
                case .text, .paragraph: "coalesce(\(field.column), '') || 'x'"
                // A value of its range each row (a shirt number is one player's).
                case .integer(let range): "\(range.lowerBound) + rowid % \(range.count)"
                case .choice(let choices): "'\(choices.last ?? "")'"
                case .money(let range): "\(range.lowerBound) + rowid % \(range.count)"
                case .date: "'2001-02-03'"
                case .isbn: "'9780441013593'"
                case .instant(.time): "'2001-02-03T04:05:06.000Z'"
                case .instant(.milliseconds): "1000 + rowid"
                }
            return "\(field.column) = \(value)"
        }.joined(separator: ", ")
    }
}
