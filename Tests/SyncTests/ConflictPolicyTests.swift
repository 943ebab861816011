import Clubhouse
import ClubhouseSync
import ClubhouseTestSupport
import Foundation
import Testing

/// One test per rule of docs/sync.md's conflict policy, through real devices (SQLite files and
/// the library), the real server and PostgreSQL. A laptop and a phone share an account; each test
/// starts with both synced and holding player Kai. Every notice is checked to be told on the first
/// sync that receives it and never again (rule 9). Which value a rule keeps and the exact notice
/// and refusal the server gives are tested at the server, in ServerTests' `SyncConflictTests`;
/// here, what the devices make of them.
@Suite("Conflict policy", .heavy, .serialized)
struct ConflictPolicyTests {
    struct Club {
        let server: TestSyncServer
        let username: String
        let laptop: Device
        let phone: Device

        /// Kai's local id on `device` (not the same number on both: each file hands out its own).
        func kai(_ device: Device) throws -> Player.ID {
            try #require(try device.player("Kai")).id
        }
    }

    static func club(_ username: String) async throws -> Club {
        let server = try await TestSyncServer.start()
        let laptop = try await Device.make("laptop", username: username, server: server, register: true)
        let phone = try await Device.make("phone", username: username, server: server)
        try laptop.app.addPlayer("Kai", [.age: "25", .position: "winger"])
        _ = try await laptop.sync()
        _ = try await phone.sync()
        return Club(server: server, username: username, laptop: laptop, phone: phone)
    }

    /// Syncs and answers the notices told; a second sync right after must tell nothing (rule 9).
    static func syncTold(_ device: Device) async throws -> [SyncNotice] {
        let notices = try await device.sync().notices
        let again = try await device.sync().notices
        #expect(again == [], "\(device.name) told again: \(again)")
        return notices
    }

    // Rule 1: field-level last writer wins.
    @Test func differentFieldsOfOneRecordBothStay() async throws {
        let club = try await Self.club("rule1a")
        try club.laptop.app.editPlayer(try club.kai(club.laptop), .name, "Kai R.")
        try club.phone.app.editPlayer(try club.kai(club.phone), .position, "goalkeeper")
        #expect(try await Self.syncTold(club.laptop) == [])
        #expect(try await Self.syncTold(club.phone) == [])
        #expect(try await Self.syncTold(club.laptop) == [])
        for device in [club.laptop, club.phone] {
            let kai = try #require(try device.player("Kai R."), "\(device.name)")
            #expect(kai.position == .goalkeeper, "\(device.name)")
            #expect(kai.age == 25, "\(device.name)")
        }
    }

    // Rules 1, 3 and 8: the same field on both; the later sync wins, the earlier writer is told once.
    @Test func sameFieldOnTwoDevicesTheLaterSyncWins() async throws {
        let club = try await Self.club("rule3")
        let key = try club.laptop.key(ofPlayer: try club.kai(club.laptop))
        try club.laptop.app.editPlayer(try club.kai(club.laptop), .age, "30")
        try club.phone.app.editPlayer(try club.kai(club.phone), .age, "31")
        #expect(try await Self.syncTold(club.laptop) == [])
        // The phone's pull brings the laptop's 30 while its own 31 waits to be sent: 31 stays (rule 8).
        #expect(try await Self.syncTold(club.phone) == [])
        #expect(try club.phone.player("Kai")?.age == 31)
        let told = try await Self.syncTold(club.laptop)
        #expect(told.map(\.code) == ["field_replaced"])
        #expect(told.first?.key == key)
        #expect(told.first?.message.contains("Kai") == true, "\(told)")
        #expect(told.first?.message.contains("age") == true, "\(told)")
        #expect(try club.laptop.player("Kai")?.age == 31)
        #expect(try club.phone.player("Kai")?.age == 31)
    }

    // Rule 7b: one number to two players offline; the first sync keeps it, the later one's player
    // is kept without it (a new player too), its device told once, and both devices end alike.
    @Test func oneShirtNumberGivenToTwoPlayersOfflineStaysWithTheFirst() async throws {
        let club = try await Self.club("rule7b")
        try club.laptop.app.editPlayer(try club.kai(club.laptop), .shirtNumber, "7")
        _ = try club.phone.app.addPlayer("Mia", [.shirtNumber: "7", .age: "30"])
        #expect(try await Self.syncTold(club.laptop) == [])
        let told = try await Self.syncTold(club.phone)
        #expect(told.map(\.code) == ["value_taken"], "\(told)")
        #expect(
            told.first?.message == #"shirt number 7 is already worn by player "Kai": player "Mia" was kept without it"#)
        #expect(try await Self.syncTold(club.laptop) == [])
        for device in [club.laptop, club.phone] {
            #expect(try device.player("Kai")?.shirtNumber == 7, "\(device.name)")
            let mia = try #require(try device.player("Mia"), "\(device.name)")
            #expect(mia.shirtNumber == nil, "\(device.name)")
            #expect(mia.age == 30, "\(device.name)")
        }
        // Freed, the number goes to the next player who asks for it, on every device.
        try club.laptop.app.editPlayer(try club.kai(club.laptop), .shirtNumber, "")
        _ = try await Self.syncTold(club.laptop)
        let mia = try #require(try club.phone.player("Mia"))
        _ = try await Self.syncTold(club.phone)
        try club.phone.app.editPlayer(mia.id, .shirtNumber, "7")
        #expect(try await Self.syncTold(club.phone) == [])
        #expect(try await Self.syncTold(club.laptop) == [])
        #expect(try club.laptop.player("Mia")?.shirtNumber == 7)
        #expect(try club.laptop.player("Kai")?.shirtNumber == nil)
    }

    // Rule 2: an edit arriving after the delete is refused and told.
    @Test func anEditOfARecordDeletedElsewhereIsRefusedAndTold() async throws {
        let club = try await Self.club("rule2a")
        let key = try club.laptop.key(ofPlayer: try club.kai(club.laptop))
        try club.phone.app.deletePlayer(try club.kai(club.phone))
        #expect(try await Self.syncTold(club.phone) == [])
        try club.laptop.app.editPlayer(try club.kai(club.laptop), .age, "30")
        let told = try await Self.syncTold(club.laptop)
        #expect(told.map(\.code) == ["deleted"], "\(told)")
        #expect(told.first?.key == key)
        #expect(try club.laptop.player("Kai") == nil)
        #expect(try club.phone.player("Kai") == nil)
        #expect(try await club.server.dump(token: try await club.server.token(club.username)).count(.player) == 0)
    }

    // Rule 2: a delete arriving after an edit its device had not seen wins, and the editor is told.
    @Test func aDeleteAfterAnUnseenEditWinsAndTellsTheEditor() async throws {
        let club = try await Self.club("rule2b")
        let key = try club.laptop.key(ofPlayer: try club.kai(club.laptop))
        try club.laptop.app.editPlayer(try club.kai(club.laptop), .age, "30")
        try club.phone.app.deletePlayer(try club.kai(club.phone))
        #expect(try await Self.syncTold(club.laptop) == [])
        #expect(try await Self.syncTold(club.phone) == [])
        let told = try await Self.syncTold(club.laptop)
        #expect(told.map(\.code) == ["edit_lost"], "\(told)")
        #expect(told.first?.key == key)
        #expect(told.first?.message.contains("Kai") == true, "\(told)")
        #expect(try club.laptop.player("Kai") == nil)
        #expect(try club.phone.player("Kai") == nil)
    }

    // Rule 4: one gather in progress per account; the later start is refused, removed and told.
    @Test func theLaterGatherStartIsRefusedRemovedAndTold() async throws {
        let club = try await Self.club("rule4")
        for name in ["Bea", "Mia", "Noah"] { try club.laptop.app.addPlayer(name) }
        _ = try await club.laptop.sync()
        _ = try await club.phone.sync()
        for (device, goals) in [(club.laptop, 2), (club.phone, 1)] {
            let ids = try device.app.playerIDs()
            try device.app.startGather(teamA: [ids[0], ids[1]], teamB: [ids[2], ids[3]])
            for _ in 0..<goals { try device.app.play(.score(.a, by: 1)) }
            try device.app.play(.startTimer)
        }
        // A change after the gather in the laptop's log: the phone applies it after discarding its own.
        try club.laptop.app.addPlayer("Late")
        #expect(try await Self.syncTold(club.laptop) == [])
        let first = try await club.phone.sync()
        #expect(first.notices.map(\.code).contains("gather_in_progress"), "\(first.notices)")
        // What the pull applied after discarding the phone's gather is the laptop's, not the
        // phone's to send back.
        #expect(first.waiting == 0, "the pull queued \(first.waiting) changes")
        #expect(try await club.phone.sync().notices == [])
        #expect(try await Self.syncTold(club.laptop) == [], "the laptop, whose gather won, is told nothing")
        let onPhone = try #require(try club.phone.app.gatherInProgress())
        let onLaptop = try #require(try club.laptop.app.gatherInProgress())
        #expect(onPhone.gather.score == onLaptop.gather.score)
        #expect(onPhone.gather.score.a == 2)
        #expect(try club.phone.app.readGathers(around: nil, count: 10).rows.isEmpty, "the refused gather is gone")
        #expect(try club.laptop.dump().differences(from: try club.phone.dump()) == [])
    }

    // Rule 5: books merge by ISBN, whichever spelling was typed; the later add is an edit of it.
    @Test func theSameISBNOnTwoDevicesIsOneBook() async throws {
        let club = try await Self.club("rule5")
        try club.laptop.app.addBook("0-441-01359-7", title: "Dune", [.author: "Frank Herbert"])
        try club.phone.app.addBook("9780441013593", title: "Dune", [.price: "9.99"])
        #expect(try await Self.syncTold(club.laptop) == [])
        #expect(try await Self.syncTold(club.phone) == [])
        // The phone's add came later and carried every field of the book: the author it left
        // empty replaced the laptop's, and the laptop is told.
        let told = try await Self.syncTold(club.laptop)
        #expect(told.contains { $0.code == "field_replaced" && $0.message.contains("author") }, "\(told)")
        #expect(told.allSatisfy { $0.key == "9780441013593" && $0.entity == "book" }, "\(told)")
        for device in [club.laptop, club.phone] {
            let shelf = try device.app.shelf()
            #expect(shelf.count == 1, "\(device.name): \(shelf.map(\.title))")
            #expect(shelf.first?.isbn.digits == "9780441013593")
            #expect(shelf.first?.priceCents == 999, "\(device.name)")
            #expect(shelf.first?.author == nil, "\(device.name)")
        }
        #expect(try club.laptop.dump().differences(from: try club.phone.dump()) == [])
        #expect(try await club.server.dump(token: try await club.server.token(club.username)).count(.book) == 1)
    }

    // Rule 6: the REST API's writes are in the log, and devices pull them.
    @Test func changesThroughTheRESTAPIReachEveryDevice() async throws {
        let club = try await Self.club("rule6")
        let token = try await club.server.token(club.username)
        let added = try await club.server.call(.post, "/v1/players", json: #"{"name":"Mia"}"#, token: token)
        #expect(added.status == .created, "\(added.text)")
        let id = try #require((added["id"] as? NSNumber)?.int64Value)
        let edited = try await club.server.call(.patch, "/v1/players/\(id)", json: #"{"age":12}"#, token: token)
        #expect(edited.status == .ok, "\(edited.text)")
        let kaiID = try #require(
            ((try await club.server.call(.get, "/v1/players", token: token))["players"] as? [[String: Any]])?
                .first { $0["name"] as? String == "Kai" }?["id"] as? NSNumber)
        let deleted = try await club.server.call(.delete, "/v1/players/\(kaiID)", token: token)
        #expect(deleted.status == .noContent || deleted.status == .ok, "\(deleted.text)")
        for device in [club.laptop, club.phone] {
            _ = try await device.sync()
            #expect(try device.player("Mia")?.age == 12, "\(device.name)")
            #expect(try device.player("Kai") == nil, "\(device.name)")
        }
    }
}
