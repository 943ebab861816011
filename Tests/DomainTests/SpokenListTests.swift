import Testing

@testable import ClubhouseDomain

/// Lists in messages, one way everywhere.
@Suite struct SpokenListTests {
    @Test func asPeopleWriteThem() {
        #expect(SpokenList.joined([]) == "")
        #expect(SpokenList.joined(["a"]) == "a")
        #expect(SpokenList.joined(["a", "b"]) == "a and b")
        #expect(SpokenList.joined(["a", "b", "c"]) == "a, b and c")
        #expect(SpokenList.joined(["a", "b", "c"], "or") == "a, b or c")
    }
}
