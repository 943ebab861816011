import ClubhouseDomain
import Testing

@Suite struct CredentialTests {
    @Test func usernameKeyIgnoresCaseAndComposition() throws {
        let composed = try Username("Zoë")
        let decomposed = try Username("ZOE\u{0308}")
        #expect(composed.key == decomposed.key)
        #expect(composed.display == "Zoë")
    }

    @Test func usernameIsTrimmed() throws {
        #expect(try Username("  ana ").display == "ana")
    }

    @Test(arguments: ["", "   ", "bo b", "ana;--", "a'b", "x/y", String(repeating: "a", count: 33)])
    func refusesBadUsernames(_ name: String) {
        #expect(throws: ClubhouseError.self) { try Username(name) }
    }

    @Test(arguments: ["ana", "ana.b", "a_b-c", "李小龍", String(repeating: "a", count: 32)])
    func acceptsGoodUsernames(_ name: String) throws {
        #expect(try Username(name).display == name)
    }

    @Test func passwordNeedsEightCharacters() throws {
        #expect(throws: ClubhouseError.invalidInput("password must be at least 8 characters")) {
            try Password("1234567")
        }
        #expect(try Password("12345678").value == "12345678")
        #expect(throws: ClubhouseError.self) { try Password(String(repeating: "p", count: 1025)) }
    }
}
