import Clubhouse
import ClubhouseSyncWire
import Foundation
import Testing

@testable import ClubhouseSync

/// The players list's marks in a handoff: players' keys in the screen's `marked`, an addition an
/// older device ignores.
@Suite struct HandoffMarksTests {
    private func key(_ entity: String, _ id: Int64) -> String? { entity == "player" && id != 8 ? "k\(id)" : nil }
    private func id(_ entity: String, _ key: String) -> Int64? {
        entity == "player" && key.hasPrefix("k") && key != "k5" ? Int64(key.dropFirst()) : nil
    }

    @Test func marksTravelAsPlayersKeysAndAPlayerNotThereIsNotMarked() throws {
        var state = NavigationState.initial
        state.selectedTab = .players
        state.stacks[.players] = [
            ScreenState(path: "players", selected: "2", marked: ["2", "5", "8", "3"]),
            ScreenState(path: "players/confirm", marked: ["2", "3"]),
        ]
        let sent = try HandoffState.encode(state, key: key)
        let players = try #require(sent.objectValue?["stacks"]?.objectValue?["players"]?.arrayValue)
        // Player 8 has no key yet (never synced): its mark stays behind.
        #expect(players[0].objectValue?["marked"]?.arrayValue?.compactMap(\.stringValue) == ["k2", "k5", "k3"])
        #expect(players[1].objectValue?["marked"]?.arrayValue?.compactMap(\.stringValue) == ["k2", "k3"])
        let (read, warnings) = try HandoffState.decode(sent, id: id)
        #expect(warnings == [])
        // k5 is not on this device.
        #expect(read.stack(for: .players).first?.marked == ["2", "3"])
        #expect(read.stack(for: .players).last?.marked == ["2", "3"])

        // Unmarked screens send no `marked`, as an older device's handoff has none.
        let plain = try HandoffState.encode(.initial, key: key)
        #expect(plain.objectValue?["stacks"]?.objectValue?["players"]?.arrayValue?[0].objectValue?["marked"] == nil)
        #expect(try HandoffState.decode(plain, id: id).0 == .initial)
    }
}
