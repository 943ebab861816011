import ClubhouseDomain
import ClubhouseFeatures
import ClubhouseNavigation
import Testing

/// A player's shirt number through the one road (issue 41): the add and edit forms take it by the
/// declared rule, and a number another player of the account wears is refused, naming who wears
/// it, with nothing written.
@Suite struct ShirtNumberFlowTests {
    let harness: AppHarness
    let ana: User

    init() throws {
        harness = try AppHarness()
        ana = try harness.registerAndSignIn("ana")
    }

    private func add(_ name: String, number: String) throws -> Outcome {
        try harness.run(
            Command(
                link: .screen(.newPlayer), .submit([("name", name), ("shirt-number", number)], discardingDraft: true)))
    }

    @Test func aNumberIsOnePlayersAndAClashNamesWhoWearsIt() throws {
        _ = try add("Kai", number: "7")
        #expect(throws: ClubhouseError.invalidInput("shirt number 7 is already worn by Kai (player 1)")) {
            try add("Mia", number: " 7 ")
        }
        let mia = try add("Mia", number: "")
        guard case .form(.playerAdded(let added), _) = mia.result else {
            Issue.record("Mia was not added")
            return
        }
        #expect(added.shirtNumber == nil)
        #expect(throws: ClubhouseError.invalidInput("shirt number 7 is already worn by Kai (player 1)")) {
            try harness.run(
                Command(
                    link: .screen(.editPlayer(added.id, field: .shirtNumber)),
                    .submit([("shirt-number", "7")], discardingDraft: true)))
        }
        #expect(try harness.listedPlayers(try harness.open("players").content)?.map(\.shirtNumber) == [7, nil])
        // Kai keeps his own number through an edit of it, and gives it up by clearing it.
        #expect(throws: ClubhouseError.nothingChanged) {
            try harness.run(
                Command(
                    link: .screen(.editPlayer(1, field: .shirtNumber)),
                    .submit([("shirt-number", "7")], discardingDraft: true)))
        }
        _ = try harness.run(
            Command(
                link: .screen(.editPlayer(1, field: .shirtNumber)),
                .submit([("shirt-number", "none")], discardingDraft: true)))
        _ = try harness.run(
            Command(
                link: .screen(.editPlayer(added.id, field: .shirtNumber)),
                .submit([("shirt-number", "7")], discardingDraft: true)))
        #expect(try harness.listedPlayers(try harness.open("players").content)?.map(\.shirtNumber) == [nil, 7])
    }

    @Test(arguments: [
        ("0", "shirt number must be between 1 and 99"), ("100", "shirt number must be between 1 and 99"),
        ("seven", "shirt number must be a whole number"), ("7.5", "shirt number must be a whole number"),
    ])
    func aNumberOutsideTheRuleIsRefused(_ typed: String, _ message: String) throws {
        #expect(throws: ClubhouseError.invalidInput(message)) { try add("Kai", number: typed) }
        #expect(try harness.listedPlayers(try harness.open("players").content) == [])
    }

    /// Another account wears its own numbers.
    @Test func accountsDoNotShareNumbers() throws {
        _ = try add("Kai", number: "7")
        try harness.signOut()
        _ = try harness.registerAndSignIn("bob")
        _ = try add("Bo", number: "7")
        #expect(try harness.listedPlayers(try harness.open("players").content)?.map(\.shirtNumber) == [7])
    }
}
