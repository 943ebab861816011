import Testing

@testable import ClubhouseCLI

/// Usage errors name a typed value by its position, and keep what the definitions say.
@Suite struct UsageErrorTextTests {
    static let usage =
        "Usage: clubhouse login <username> [--password-stdin]\n  See 'clubhouse login --help' for more information."

    @Test func anUnexpectedArgumentIsNamedByPosition() {
        #expect(
            UsageErrorText.hidingValues(
                "Error: Unexpected argument 'hunter2'\n" + Self.usage, typed: ["login", "ana", "hunter2"])
                == "Error: Unexpected argument 3\n" + Self.usage)
    }

    @Test func aQuoteInsideTheValueDoesNotCutItShort() {
        #expect(
            UsageErrorText.hidingValues(
                "Error: Unexpected argument 'it's'\n" + Self.usage, typed: ["login", "ana", "it's"])
                == "Error: Unexpected argument 3\n" + Self.usage)
    }

    @Test func aRepeatedValueIsTheLastOne() {
        #expect(
            UsageErrorText.hidingValues("Error: Unexpected argument 'ana'", typed: ["login", "ana", "ana"])
                == "Error: Unexpected argument 3")
    }

    @Test func bothSidesOfAnEqualsSignAreHidden() {
        #expect(
            UsageErrorText.hidingValues("Error: Unknown option '--password'", typed: ["login", "--password=s3cret"])
                == "Error: Unknown option: argument 2")
        #expect(
            UsageErrorText.hidingValues(
                "Error: The option '--json' does not take any value, but 's3cret' was specified.",
                typed: ["login", "--json=s3cret"])
                == "Error: The option '--json' does not take any value, but argument 2 was specified.")
    }

    @Test func acceptedValuesAndSuggestionsStay() {
        #expect(
            UsageErrorText.hidingValues(
                "Error: The value 'c' is invalid for '<team>'. Please provide one of 'a' and 'b'.",
                typed: ["gather", "score", "c", "a"])
                == "Error: The value of argument 3 is invalid for '<team>'. Please provide one of 'a' and 'b'.")
        #expect(
            UsageErrorText.hidingValues(
                "Error: Unknown option '--databse'. Did you mean '--database'?", typed: ["nav", "--databse", "x"])
                == "Error: Unknown option: argument 2. Did you mean '--database'?")
    }

    @Test func helpAndUsageLinesAreLeftAlone() {
        let message =
            "Error: The value 'x' is invalid for '<id>'\nHelp:  <id>  The player's id, as 'x' shows.\n" + Self.usage
        #expect(
            UsageErrorText.hidingValues(message, typed: ["player", "show", "x"])
                == "Error: The value of argument 3 is invalid for '<id>'\nHelp:  <id>  The player's id, as 'x' shows.\n"
                + Self.usage)
    }

    @Test func messagesWithoutTypedValuesAreUnchanged() {
        let message = "Error: Missing expected argument '<username>'\n" + Self.usage
        #expect(UsageErrorText.hidingValues(message, typed: ["login"]) == message)
    }
}
