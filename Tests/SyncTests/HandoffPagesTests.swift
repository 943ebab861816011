import Clubhouse
import ClubhouseSyncWire
import Foundation
import Testing

@testable import ClubhouseSync

/// The home pages' own stacks in a handoff: an addition (`pages`) beside the shape older devices
/// send and read, where `stacks.home` is the page on show's.
@Suite struct HandoffPagesTests {
    /// Local id 3 is the player keyed "k3" here, and the other way round.
    private func key(_ entity: String, _ id: Int64) -> String? { entity == "player" ? "k\(id)" : nil }
    private func id(_ entity: String, _ key: String) -> Int64? {
        entity == "player" && key.hasPrefix("k") ? Int64(key.dropFirst()) : nil
    }

    @Test func thePagesNotOnShowTravelAsAnAddition() throws {
        var state = NavigationState.initial
        state.selectedPage = .results
        state.stacks[.home] = [ScreenState(path: "home"), ScreenState(path: "gathers/9")]
        state.pageStacks = [.squad: [ScreenState(path: "home", selected: "3"), ScreenState(path: "players/3")]]
        let sent = try HandoffState.encode(state) { entity, id in entity == "gather" ? "g\(id)" : key(entity, id) }
        let object = try #require(sent.objectValue)
        // The shape an older device reads: the page on show's stack as the home tab's.
        #expect(
            object["stacks"]?.objectValue?["home"]?.arrayValue?.compactMap { $0.objectValue?["path"]?.stringValue }
                == ["home", "gathers/g9"])
        #expect(
            object["pages"]?.objectValue?["squad"]?.arrayValue?.compactMap { $0.objectValue?["path"]?.stringValue }
                == ["home", "players/k3"])
        let (read, warnings) = try HandoffState.decode(sent) { entity, key in
            entity == "gather" ? Int64(key.dropFirst()) : id(entity, key)
        }
        #expect(warnings == [])
        #expect(read.selectedPage == .results)
        #expect(read.stack(on: .results).map(\.path) == ["home", "gathers/9"])
        #expect(read.stack(on: .squad) == [ScreenState(path: "home", selected: "3"), ScreenState(path: "players/3")])
        #expect(read.stack(on: .reading) == [ScreenState(path: "home")])
    }

    /// An older device's handoff has no `pages`: the other pages start at their root. A page whose
    /// record is not here is cut with a warning naming the page.
    @Test func aHandoffWithoutPagesReadsAsBefore() throws {
        var state = NavigationState.initial
        state.stacks[.home] = [ScreenState(path: "home"), ScreenState(path: "players/3")]
        let sent = try HandoffState.encode(state, key: key)
        #expect(sent.objectValue?["pages"] == nil)
        let (read, _) = try HandoffState.decode(sent, id: id)
        #expect(read == state)

        state.selectedPage = .reading
        state.pageStacks = [.squad: [ScreenState(path: "home"), ScreenState(path: "players/4")]]
        let withPages = try HandoffState.encode(state, key: key)
        let (cut, warnings) = try HandoffState.decode(withPages) { entity, key in
            key == "k4" ? nil : id(entity, key)
        }
        #expect(warnings == ["the squad page of the home tab: cut at a player this device does not have"])
        #expect(cut.pageStacks == [:])
    }
}
