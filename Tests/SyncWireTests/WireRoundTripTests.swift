import ClubhouseSyncWire
import ClubhouseWireTestSupport
import Foundation
import Testing

/// Every wire type encodes to the JSON the contract names and decodes back to itself.
struct WireRoundTripTests {
    let device = UUID(uuidString: "6F1C2A4E-8B0D-4C47-9E55-3A1B2C3D4E5F")!
    let changeID = UUID(uuidString: "0A1B2C3D-4E5F-4061-8273-94A5B6C7D8E9")!

    func roundTrip<T: Codable & Equatable>(_ value: T) throws -> [String: Any] {
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(T.self, from: data) == value)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func aChangeUsesTheContractsNamesAndLowercaseUUIDs() throws {
        let change = SyncChange(
            id: changeID, entity: .player, key: "3f2504e0-4f89-41d3-9a0c-0305e82c3301", op: .put,
            fields: SyncPlayerFields(name: "Ana", age: 30).fields, base: 12, madeAt: 1_764_000_000_000)
        let json = try roundTrip(change)
        #expect(json["id"] as? String == "0a1b2c3d-4e5f-4061-8273-94a5b6c7d8e9")
        #expect(json["entity"] as? String == "player")
        #expect(json["op"] as? String == "put")
        #expect(json["base"] as? Int == 12)
        #expect(json["madeAt"] as? Int == 1_764_000_000_000)
        let fields = try #require(json["fields"] as? [String: Any])
        #expect(fields["name"] as? String == "Ana")
        #expect(fields["age"] as? Int == 30)
        #expect(fields["skill"] is NSNull)
        #expect(Set(fields.keys) == Set(SyncPlayerFields.names))
    }

    @Test func aDeleteMayLeaveItsFieldsOut() throws {
        let json =
            #"{"id":"0a1b2c3d-4e5f-4061-8273-94a5b6c7d8e9","entity":"gather","key":"k","op":"delete","base":0,"madeAt":5}"#
        let change = try JSONDecoder().decode(SyncChange.self, from: Data(json.utf8))
        #expect(change.op == .delete)
        #expect(change.fields.isEmpty)
        #expect(change.id == changeID)
    }

    @Test func anUnknownEntityOrOpDoesNotDecode() {
        let entity =
            #"{"id":"0a1b2c3d-4e5f-4061-8273-94a5b6c7d8e9","entity":"team","key":"k","op":"put","base":0,"madeAt":5}"#
        let op =
            #"{"id":"0a1b2c3d-4e5f-4061-8273-94a5b6c7d8e9","entity":"book","key":"k","op":"patch","base":0,"madeAt":5}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SyncChange.self, from: Data(entity.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SyncChange.self, from: Data(op.utf8)) }
    }

    @Test func pushRequestAndResponse() throws {
        let request = SyncPushRequest(
            device: device,
            changes: [
                SyncChange(
                    id: changeID, entity: .book, key: "9780306406157", op: .put, fields: ["owned": .bool(false)],
                    base: 0, madeAt: 1)
            ])
        let json = try roundTrip(request)
        #expect(json["device"] as? String == "6f1c2a4e-8b0d-4c47-9e55-3a1b2c3d4e5f")
        #expect((json["changes"] as? [Any])?.count == 1)

        let response = SyncPushResponse(
            results: [.applied(changeID), .refused(device, .gatherInProgress, "a gather is already in progress")],
            serverTime: 1_764_000_000_123)
        let answer = try roundTrip(response)
        let results = try #require(answer["results"] as? [[String: Any]])
        #expect(results[0]["status"] as? String == "applied")
        #expect(results[0]["code"] == nil)
        #expect(results[1]["status"] as? String == "refused")
        #expect(results[1]["code"] as? String == "gather_in_progress")
        #expect(answer["serverTime"] as? Int == 1_764_000_000_123)
    }

    @Test func aRefusalCodeAddedLaterStillDecodes() throws {
        let json = #"{"id":"0a1b2c3d-4e5f-4061-8273-94a5b6c7d8e9","status":"refused","code":"too_old","message":"m"}"#
        let result = try JSONDecoder().decode(SyncResult.self, from: Data(json.utf8))
        #expect(result.code == SyncRefusal(rawValue: "too_old"))
        #expect(result.code != .unknown)
    }

    @Test func aNoticeCodeAddedLaterStillDecodesAndBothEncodeAsStrings() throws {
        let code = try JSONDecoder().decode([SyncNoticeCode].self, from: Data(#"["edit_lost","moved_away"]"#.utf8))
        #expect(code == [.editLost, SyncNoticeCode(rawValue: "moved_away")])
        #expect(try JSONEncoder().encode(SyncRefusal.deleted) == Data(#""deleted""#.utf8))
        #expect(try JSONEncoder().encode(SyncNoticeCode.editLost) == Data(#""edit_lost""#.utf8))
    }

    @Test func aPageOfChangesAndNotices() throws {
        let page = SyncChangesPage(
            changes: [
                SyncLogEntry(
                    seq: 7,
                    body: .change(
                        SyncLoggedChange(
                            entity: .question, key: "k1", kind: .delete, fields: [:], device: nil, change: changeID))),
                SyncLogEntry(
                    seq: 8,
                    body: .change(
                        SyncLoggedChange(
                            entity: .player, key: "k2", kind: .update, fields: ["age": .null], device: device,
                            change: changeID))),
                SyncLogEntry(
                    seq: 9,
                    body: .notice(
                        SyncNotice(
                            code: .editLost, message: #"your edit of player "Ana" was lost"#, entity: .player,
                            key: "k2"))),
            ], next: 9, more: true, serverTime: 42)
        let json = try roundTrip(page)
        let entries = try #require(json["changes"] as? [[String: Any]])
        // A REST write says so with an explicit null device.
        #expect(entries[0]["device"] is NSNull)
        #expect(entries[1]["device"] as? String == "6f1c2a4e-8b0d-4c47-9e55-3a1b2c3d4e5f")
        #expect(entries[1]["change"] as? String == "0a1b2c3d-4e5f-4061-8273-94a5b6c7d8e9")
        #expect(entries[0]["op"] as? String == "delete")
        #expect(entries[0]["kind"] as? String == "delete")
        #expect(entries[1]["op"] as? String == "put")
        #expect(entries[1]["kind"] as? String == "update")
        #expect((entries[1]["fields"] as? [String: Any])?["age"] is NSNull)
        #expect(Set(entries[2].keys) == ["seq", "notice"])
        #expect((entries[2]["notice"] as? [String: Any])?["code"] as? String == "edit_lost")
        #expect(json["next"] as? Int == 9)
        #expect(json["more"] as? Bool == true)
        let decoded = try JSONDecoder().decode(SyncChangesPage.self, from: JSONEncoder().encode(page))
        #expect(decoded.changes[2].notice?.key == "k2")
        #expect(decoded.changes[0].change?.device == nil)
        #expect(decoded.changes[1].change?.kind == .update)
    }

    /// A 0.8.0 server says no kind: a put with every field of its entity was a create then, any
    /// other put an update, so a partial change is never read as one that creates.
    @Test func aPageFromAServerWithoutKindsIsReadAsItWasLogged() throws {
        let full = SyncPlayerFields(name: "Kai").fields
        let create = try JSONEncoder().encode(full)
        let json = """
            {"changes":[
            {"seq":1,"entity":"player","key":"k","op":"put","fields":\(String(decoding: create, as: UTF8.self)),
             "device":null,"change":"0a1b2c3d-4e5f-4061-8273-94a5b6c7d8e9"},
            {"seq":2,"entity":"gather","key":"g","op":"put","fields":{"scoreA":1},
             "device":null,"change":"0a1b2c3d-4e5f-4061-8273-94a5b6c7d8e9"},
            {"seq":3,"entity":"gather","key":"g","op":"delete","device":null,
             "change":"0a1b2c3d-4e5f-4061-8273-94a5b6c7d8e9"}],
            "next":3,"more":false,"serverTime":1}
            """
        let page = try JSONDecoder().decode(SyncChangesPage.self, from: Data(json.utf8))
        #expect(page.changes.map { $0.change?.kind } == [.create, .update, .delete])
    }

    @Test func aKindThatIsNotItsOperationIsRefused() {
        let json = """
            {"seq":1,"entity":"player","key":"k","op":"delete","kind":"create","fields":{},"device":null,
             "change":"0a1b2c3d-4e5f-4061-8273-94a5b6c7d8e9"}
            """
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SyncLogEntry.self, from: Data(json.utf8)) }
    }

    @Test func handoffs() throws {
        let state = SyncValue.object([
            "stack": .array([.object(["route": .string("players/3f2504e0-4f89-41d3-9a0c-0305e82c3301")])]),
            "tab": .string("players"), "draft": .null, "count": .int(3), "ratio": .double(0.5),
        ])
        let push = SyncHandoffPush(device: device, scene: "main", deviceName: "laptop", state: state, madeAt: 9)
        let json = try roundTrip(push)
        #expect(Set(json.keys) == ["device", "scene", "deviceName", "state", "madeAt"])
        let found = try roundTrip(SyncHandoff(device: device, deviceName: "phone", state: state, madeAt: 10))
        #expect(Set(found.keys) == ["device", "deviceName", "state", "madeAt"])
        #expect(found["device"] as? String == "6f1c2a4e-8b0d-4c47-9e55-3a1b2c3d4e5f")
    }

    @Test func valuesKeepIntegersExactAndNullApartFromAbsent() throws {
        let value = SyncValue.object([
            "big": .int(Int64.max), "small": .int(-1), "half": .double(2.5), "yes": .bool(true), "no": .bool(false),
            "none": .null, "text": .string("é\u{0}\""), "list": .array([.int(1), .string("x")]),
        ])
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(SyncValue.self, from: data) == value)
        let fields = try JSONDecoder().decode(SyncFields.self, from: Data(#"{"age":null}"#.utf8))
        #expect(fields["age"] == .null)
        #expect(fields["name"] == nil)
    }
}
