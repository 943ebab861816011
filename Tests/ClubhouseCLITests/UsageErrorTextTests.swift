import Testing

@testable import ClubhouseCLI

/// Usage errors name what was typed, escaped and cut short, except on a line with `login` or
/// `register`, where a typed value is named by its position; what the definitions say is kept.
@Suite struct UsageErrorTextTests {
    // MARK: Hidden where a password may have been typed

    @Test func anUnexpectedArgumentIsNamedByPosition() {
        #expect(
            UsageErrorText.sentence("Unexpected argument 'hunter2'", typed: ["login", "ana", "hunter2"])
                == "Unexpected argument 3")
        #expect(
            UsageErrorText.sentence(
                "2 unexpected arguments: 'hunter2', 'again'", typed: ["register", "ana", "hunter2", "again"])
                == "2 unexpected arguments: argument 3, argument 4")
    }

    @Test func aQuoteInsideTheValueDoesNotCutItShort() {
        #expect(
            UsageErrorText.sentence("Unexpected argument 'it's'", typed: ["login", "ana", "it's"])
                == "Unexpected argument 3")
    }

    @Test func aRepeatedValueIsTheLastOne() {
        #expect(
            UsageErrorText.sentence("Unexpected argument 'ana'", typed: ["login", "ana", "ana"])
                == "Unexpected argument 3")
    }

    @Test func bothSidesOfAnEqualsSignAreHidden() {
        #expect(
            UsageErrorText.sentence("Unknown option '--password'", typed: ["login", "--password=s3cret"])
                == "Unknown option: argument 2")
        #expect(
            UsageErrorText.sentence(
                "The option '--json' does not take any value, but 's3cret' was specified.",
                typed: ["login", "--json=s3cret"])
                == "The option '--json' does not take any value, but argument 2 was specified.")
    }

    /// Each of these printed part of the password before.
    @Test func aPasswordIsHiddenWhateverItHolds() {
        // A line break: the message was cut into lines before the quote was looked for.
        #expect(
            UsageErrorText.sentence("Unexpected argument 'hunter\n2'", typed: ["login", "ana", "hunter\n2"])
                == "Unexpected argument 3")
        // ArgumentParser's own words for a suggestion, typed.
        #expect(
            UsageErrorText.sentence(
                "Unexpected argument 'x. Did you mean 'y'", typed: ["register", "ana", "x. Did you mean 'y"])
                == "Unexpected argument 3")
        // Three dashes: ArgumentParser says it without quotes.
        #expect(
            UsageErrorText.sentence("Invalid option: ---s3cret", typed: ["login", "ana", "---s3cret"])
                == "Invalid option: argument 3")
        // A combining mark first: one character with the quote before it.
        #expect(
            UsageErrorText.sentence("Unexpected argument '\u{301}s3cret'", typed: ["login", "ana", "\u{301}s3cret"])
                == "Unexpected argument 3")
    }

    @Test func loginOrRegisterAnywhereHides() {
        #expect(UsageErrorText.hidesValues(["--", "login", "ana", "pw"]))
        #expect(UsageErrorText.hidesValues(["register"]))
        #expect(!UsageErrorText.hidesValues(["player", "show", "x"]))
        #expect(!UsageErrorText.hidesValues(["Login", "ana"]))
    }

    @Test func acceptedValuesAndSuggestionsStay() {
        #expect(
            UsageErrorText.sentence(
                "The value 'a' is invalid for '<username>'. Please provide one of 'a' and 'b'.",
                typed: ["login", "a", "b"])
                == "The value of argument 2 is invalid for '<username>'. Please provide one of 'a' and 'b'.")
        #expect(
            UsageErrorText.sentence(
                "Unknown option '--databse'. Did you mean '--database'?", typed: ["login", "--databse", "x"])
                == "Unknown option: argument 2. Did you mean '--database'?")
    }

    // MARK: Named elsewhere

    @Test func anInvalidValueIsNamed() {
        #expect(
            UsageErrorText.sentence("The value 'abc' is invalid for '<id>'", typed: ["player", "show", "abc"])
                == "The value 'abc' is invalid for '<id>'")
        #expect(
            UsageErrorText.sentence(
                "The value 'c' is invalid for '<team>'. Please provide one of 'a' and 'b'.",
                typed: ["gather", "score", "c", "a"])
                == "The value 'c' is invalid for '<team>'. Please provide one of 'a' and 'b'.")
    }

    @Test func anUnknownOptionIsNamedWithArgumentParsersSuggestion() {
        #expect(
            UsageErrorText.sentence(
                "Unknown option '--databse'. Did you mean '--database'?", typed: ["nav", "--databse", "x"])
                == "Unknown option '--databse'. Did you mean '--database'?")
        #expect(
            UsageErrorText.sentence("Unknown option '--nmae'", typed: ["player", "add", "--nmae=Kai"])
                == "Unknown option '--nmae'")
    }

    @Test func controlCharactersAreEscapedAndTheLinesKept() {
        #expect(
            UsageErrorText.sentence(
                "The value 'a\nb\u{1B}[2J' is invalid for '<id>'", typed: ["player", "show", "a\nb\u{1B}[2J"])
                == "The value 'a\\nb\\e[2J' is invalid for '<id>'")
        #expect(
            UsageErrorText.sentence("Invalid option: ---\u{1B}x", typed: ["nav", "---\u{1B}x"])
                == "Invalid option: ---\\ex")
        // ArgumentParser's own line breaks stay.
        #expect(
            UsageErrorText.sentence("Unknown option '-x\u{7F}'\n   or: Missing value", typed: ["nav", "-x\u{7F}"])
                == "Unknown option '-x\\u{7F}'\n   or: Missing value")
    }

    @Test func aLongValueIsCutShort() {
        let long = String(repeating: "y", count: 5_000)
        #expect(
            UsageErrorText.sentence("The value '\(long)' is invalid for '<id>'", typed: ["player", "show", long])
                == "The value '\(String(repeating: "y", count: 40))…' is invalid for '<id>'")
        // The limit counts what is shown: each escape takes its room.
        #expect(
            UsageErrorText.shown(String(repeating: "\u{1B}", count: 30)) == String(repeating: "\\e", count: 20) + "…")
        #expect(UsageErrorText.shown("Zoë") == "Zoë")
    }

    @Test func atMostFiveValuesAreShown() {
        let extra = ["4", "5", "6", "7", "8", "9"]
        #expect(
            UsageErrorText.sentence(
                "6 unexpected arguments: '4', '5', '6', '7', '8', '9'", typed: ["player", "show", "3"] + extra)
                == "6 unexpected arguments: '4', '5', '6', '7', '8', …")
        #expect(
            UsageErrorText.sentence(
                "6 unexpected arguments: '4', '5', '6', '7', '8', '9'", typed: ["login", "ana"] + extra)
                == "6 unexpected arguments: argument 3, argument 4, argument 5, argument 6, argument 7, …")
    }

    @Test func messagesWithoutTypedValuesAreUnchanged() {
        let message = "Missing expected argument '<username>'"
        #expect(UsageErrorText.sentence(message, typed: ["login"]) == message)
        #expect(UsageErrorText.sentence(message, typed: ["player", "show"]) == message)
    }
}
