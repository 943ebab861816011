import ClubhouseDomain
import Testing

@Suite struct PasswordRuleTests {
    @Test func lengthIsCountedInUnicodeScalars() throws {
        // Four characters on screen, eight scalars: long enough.
        let decomposed = String(repeating: "e\u{0301}", count: 4)
        #expect(try Password(decomposed).value == decomposed)
        #expect(try Password(String(repeating: "p", count: 1_024)).value.unicodeScalars.count == 1_024)
        #expect(throws: Password.tooLong) { try Password(String(repeating: "p", count: 1_025)) }
        #expect(Password.tooLong == .invalidInput("password must be at most 1024 characters"))
    }

    @Test func theByteBoundCoversTheLongestPassword() throws {
        let longest = try Password(String(repeating: "😀", count: Password.maximumLength))
        #expect(longest.value.utf8.count == Password.maximumBytes)
    }

    @Test(arguments: ["pass\nword1", "pass\tword1", "password\u{7F}", "password\u{85}", "\u{1B}[31mpassword"])
    func controlCharactersAreRefusedInNewPasswords(_ value: String) {
        #expect(throws: ClubhouseError.invalidInput("password must not contain control characters such as line breaks"))
        {
            try Password(value)
        }
    }
}
