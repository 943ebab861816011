import ClubhouseDomain
import Testing

@Suite struct BookFormTests {
    @Test(arguments: [
        ("0", 0), ("12", 1200), ("12.5", 1250), ("12.05", 1205), ("12.50", 1250), (" 7.1 ", 710),
        ("999999999.99", 99_999_999_999),
    ])
    func pricesAreWholeCents(_ text: String, _ cents: Int) throws {
        #expect(try FieldRule.cents(text) == cents)
    }

    @Test(arguments: ["", ".", "12.", ".5", "1,50", "-3", "+5", "12.345", "1e3", "1234567890", "0x10", "1.2.3", "١٢"])
    func otherPricesAreRefused(_ text: String) {
        #expect(throws: ClubhouseError.invalidInput("price must be a number such as 12.50, with at most two decimals"))
        {
            try FieldRule.cents(text)
        }
    }

    @Test func priceTextShowsTwoDecimals() {
        #expect(FieldRule.moneyText(1205) == "12.05")
        #expect(FieldRule.moneyText(1250) == "12.50")
        #expect(FieldRule.moneyText(0) == "0.00")
    }

    @Test func anISBN10AndItsISBN13AreOneBook() throws {
        #expect(try ISBN("0-441-01359-7") == ISBN("978-0-441-01359-3"))
        #expect(try ISBN("080442957X").digits == "9780804429573")
        #expect(try ISBN("080442957x").digits == "9780804429573")
        #expect(throws: ClubhouseError.invalidInput("the ISBN-10 0441013598 has a wrong check digit")) {
            try ISBN("0441013598")
        }
        #expect(throws: ClubhouseError.invalidInput("an ISBN has 10 or 13 digits")) { try ISBN("97804410135") }
        #expect(throws: ClubhouseError.invalidInput("an ISBN-13 starts with 978 or 979")) { try ISBN("1234567890128") }
        #expect(throws: ClubhouseError.invalidInput("only an ISBN-10 may end in X")) { try ISBN("978044101359X") }
    }

    @Test func aStoredISBNIsReadWithoutJudgingItsCheckDigit() throws {
        let stored = try #require(ISBN(stored: "9780441013594"))
        #expect(!stored.isValid)
        #expect(try ISBN(lookingUp: "9780441013594") == stored)
        #expect(ISBN(stored: "978044101359") == nil)
        #expect(throws: ClubhouseError.self) { try ISBN(lookingUp: "978-0-441-01359-4") }
    }

    @Test func aDescriptionsLineBreaksBecomeSpacesButATitlesAreRefused() throws {
        var form = FormDraft(["isbn": "9780441013593", "title": "Dune", "description": "one\r\ntwo\nthree\u{2028}four"])
        #expect(try BookForm.draft(from: form).description == "one two three four")
        form["title"] = "Du\nne"
        #expect(throws: ClubhouseError.invalidInput("title must not contain control characters such as line breaks")) {
            try BookForm.draft(from: form)
        }
    }

    @Test(arguments: [
        ("2024-02-29", true), ("2023-02-29", false), ("1900-02-29", false), ("2000-02-29", true),
        ("2023-04-31", false), ("2023-13-01", false), ("2023-1-01", false), ("20230101", false),
        // No year 0 (PostgreSQL refuses it: such a book reached every device but never the server).
        ("0000-01-01", false), ("0000-12-31", false), ("0001-01-01", true), ("9999-12-31", true),
    ])
    func publishedDatesNameRealDays(_ text: String, _ isReal: Bool) {
        #expect(((try? FieldRule.date(text)) != nil) == isReal)
    }
}
