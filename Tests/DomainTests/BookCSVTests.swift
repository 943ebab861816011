import ClubhouseDomain
import Testing

@Suite struct BookCSVTests {
    private let header = "isbn,title,author,publisher,description,price,published\n"

    private func parse(_ text: String) throws -> BookImport {
        try BookCSV.parse(Array(text.utf8))
    }

    private func isbn(_ text: String) throws -> ISBN { try ISBN(text) }

    @Test func readsEveryColumnOfAFullRow() throws {
        let file = try parse(header + "978-0-306-40615-7,Dune,Frank Herbert,Chilton,Spice.,12.50,1965-08-01\n")
        #expect(file.columns == BookField.allCases)
        #expect(file.rejected.isEmpty)
        #expect(
            file.books == [
                BookImport.Row(
                    line: 2,
                    draft: BookDraft(
                        isbn: try isbn("9780306406157"), title: "Dune", author: "Frank Herbert", publisher: "Chilton",
                        description: "Spice.", priceCents: 1250, published: "1965-08-01"))
            ])
    }

    @Test func takesColumnsInAnyOrderAndCaseAndLeavesOutOptionalOnes() throws {
        let file = try parse(" Title ,ISBN\r\nDune,0306406152\r\n")
        #expect(file.columns == [.title, .isbn])
        #expect(file.books.map(\.draft) == [BookDraft(isbn: try isbn("9780306406157"), title: "Dune")])
    }

    @Test func unquotesFieldsWithCommasAndDoubledQuotes() throws {
        let file = try parse(
            "isbn,title,author\n9780306406157,\"Dune, the \"\"first\"\" one\",\"Herbert, Frank\"\n")
        #expect(file.books.first?.draft.title == "Dune, the \"first\" one")
        #expect(file.books.first?.draft.author == "Herbert, Frank")
    }

    @Test func emptyValuesMeanNone() throws {
        let file = try parse(header + "9780306406157,Dune,,\"\",,,\n")
        #expect(file.books.map(\.draft) == [BookDraft(isbn: try isbn("9780306406157"), title: "Dune")])
    }

    @Test func countsPhysicalLinesAcrossQuotedLineBreaks() throws {
        // A line break inside quotes is part of the value (a description's become spaces; a
        // one-line field refuses them), and the next row's line number counts it, whether LF,
        // CRLF or CR.
        let text =
            "isbn,title,description\r\n"
            + "9780306406157,Dune,\"one\r\ntwo\nthree\rfour\"\r\n"
            + "9781861972712,\"The\nHobbit\",x\n"
            + "9780140449136,Ulysses,ok\n"
        let file = try parse(text)
        #expect(
            file.rejected == [
                BookImport.Rejection(line: 6, reason: "title must not contain control characters such as line breaks")
            ])
        #expect(file.books.map(\.line) == [2, 8])
        #expect(file.books.first?.draft.description == "one two three four")
    }

    @Test func skipsAByteOrderMarkAndEmptyLines() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("isbn,title\n\n9780306406157,Dune\n\n\r\n".utf8)
        let file = try BookCSV.parse(bytes)
        #expect(file.books.map(\.line) == [3])
        #expect(file.rejected.isEmpty)
    }

    @Test func readsTheLastRowWithoutALineBreakAndATrailingEmptyField() throws {
        let file = try parse("isbn,title,author\n9780306406157,Dune,")
        #expect(file.books.map(\.draft) == [BookDraft(isbn: try isbn("9780306406157"), title: "Dune")])
    }

    @Test func keepsWideAndCombinedCharacters() throws {
        let title = "三体 👩‍👩‍👧 Ünïcödé café"
        let file = try parse("isbn,title,author\n9780306406157,\"\(title)\",刘慈欣\n")
        #expect(file.books.first?.draft.title == title)
        #expect(file.books.first?.draft.author == "刘慈欣")
    }

    @Test func refusesBadRowsWithTheirLineAndReason() throws {
        let text =
            header
            + "9780306406158,Wrong check digit,,,,,\n"  // 2
            + ",No ISBN,,,,,\n"  // 3
            + "9780306406157,,,,,,\n"  // 4
            + "9780306406157,Too few\n"  // 5
            + "9780306406157,Too,many,,,,,\n"  // 6
            + "9780306406157,Price,,,,12.505,\n"  // 7
            + "9780306406157,Date,,,,,2023-02-30\n"  // 8
            + "9780306406157,Fine,,,,,\n"  // 9
        let file = try parse(text)
        #expect(file.books.map(\.line) == [9])
        #expect(
            file.rejected == [
                .init(line: 2, reason: "the ISBN-13 9780306406158 has a wrong check digit"),
                .init(line: 3, reason: "isbn is required"),
                .init(line: 4, reason: "title must not be empty"),
                .init(line: 5, reason: "2 fields, but the header names 7 columns"),
                .init(
                    line: 6,
                    reason: "8 fields, but the header names 7 columns (a value with a comma must be in double quotes)"),
                .init(line: 7, reason: "price must be a number such as 12.50, with at most two decimals"),
                .init(line: 8, reason: "published must be a real date (2023-02-30 is not one)"),
            ])
    }

    @Test func refusesRowsThatBreakTheQuoting() throws {
        let text =
            "isbn,title,author\n"
            + "9780306406157,Dune,Frank \"The\" Herbert\n"  // 2: stray quote
            + "9780306406157,\"Dune\" novel,Herbert\n"  // 3: text after the closing quote
            + "9780306406157,Fine,Herbert\n"  // 4
            + "9780306406157,Dune,\"Herbert\n"  // 5: never closed
            + "9780306406157,Lost,Herbert\n"
        let file = try parse(text)
        #expect(file.books.map(\.line) == [4])
        #expect(
            file.rejected == [
                .init(
                    line: 2,
                    reason: "a double quote inside the author value, which does not start with one; "
                        + "put the whole value in double quotes and write each quote inside it twice"),
                .init(
                    line: 3,
                    reason: "text after the closing quote of the title value; "
                        + "a double quote inside a quoted value is written twice"),
                .init(
                    line: 5,
                    reason: "the double quote that opens the author value is never closed, "
                        + "so the rest of the file was read as that value"),
            ])
    }

    @Test func refusesARowThatIsNotUTF8AndReadsTheRest() throws {
        let bytes =
            Array("isbn,title,author\n9780306406157,Dune,".utf8) + [0xC3, 0x28]
            + Array("\n9781861972712,Hobbit,\n".utf8)
        let file = try BookCSV.parse(bytes)
        #expect(file.rejected == [.init(line: 2, reason: "the author value is not UTF-8 text")])
        #expect(file.books.map(\.line) == [3])
    }

    @Test func keepsEveryRowOfARepeatedISBNInOrder() throws {
        // Saving them in order makes the later row win (an update), as importing them one by one would.
        let file = try parse("isbn,title\n9780306406157,First\n0-306-40615-2,Second\n")
        #expect(file.books.map(\.draft.title) == ["First", "Second"])
        #expect(file.books.map(\.draft.isbn) == [try isbn("9780306406157"), try isbn("9780306406157")])
    }

    @Test func aHeaderAloneHasNoRows() throws {
        let file = try parse("isbn,title\r\n")
        #expect(file.books.isEmpty && file.rejected.isEmpty)
    }

    @Test(arguments: [
        ("", "the file is empty; its first line must name the columns, such as: \(BookCSV.fullHeader)"),
        ("\n\r\n\n", "the file is empty; its first line must name the columns, such as: \(BookCSV.fullHeader)"),
        (
            "isbn,author\n",
            "the header has no title column; the first line must name the columns, such as: "
                + BookCSV.fullHeader
        ),
        ("title,isbn,TITLE\n", "the header names the title column twice"),
        (
            "isbn,title,Pages,\n",
            "the header names columns clubhouse does not know: 'pages', '' (it knows isbn, title, author, publisher, "
                + "description, price, published); the first line must name the columns, such as: "
                + BookCSV.fullHeader
        ),
        (
            "isbn,\"title\"x\n",
            "the header (line 1) is not valid CSV: text after the closing quote of field 2; "
                + "a double quote inside a quoted value is written twice"
        ),
    ])
    func refusesTheWholeFileForABadHeader(_ text: String, _ message: String) {
        #expect(throws: ClubhouseError.invalidInput(message)) { try parse(text) }
    }

    @Test func refusesAFileWhoseHeaderIsNotUTF8() {
        let latin1: [UInt8] = Array("isbn,t".utf8) + [0xEE] + Array("tulo\n".utf8)
        #expect(
            throws: ClubhouseError.invalidInput(
                "the file is not UTF-8 text (its header line is not); save it as UTF-8")
        ) { try BookCSV.parse(latin1) }
        #expect(
            throws: ClubhouseError.invalidInput(
                "the file is UTF-16 text; save it as UTF-8 (CSV UTF-8 in a spreadsheet)")
        ) { try BookCSV.parse([0xFF, 0xFE, 0x69, 0x00]) }
    }

    @Test func refusesAHeaderOfTooManyColumnsWithoutKeepingThem() {
        let text = String(repeating: ",", count: 100_000) + "\n"
        #expect(throws: ClubhouseError.self) { try parse(text) }
    }

    /// The reader gets the file in pieces of any size: a record, a quote, a CRLF or a doubled
    /// quote cut between two reads must read as in one piece.
    @Test(arguments: [1, 2, 3, 5, 64])
    func readsTheSameWhateverPiecesTheFileComesIn(_ piece: Int) throws {
        let text =
            "\u{FEFF}isbn,title,description\r\n\r\n"
            + "9780306406157,\"Dune, \"\"the\"\" one\",\"a\r\nb\rc\"\r\n"
            + "9781861972712,The\"Hobbit,x\r"
            + "9780140449136,\"Ulysses\"x,y\n"
            + "bad,row\n"
            + "9780140449136,Ulysses,\"open"
        let whole = try parse(text)
        let bytes = Array(text.utf8)
        var offset = 0
        let reader = BookCSVReader { buffer in
            let count = min(piece, buffer.count, bytes.count - offset)
            buffer.copyBytes(from: bytes[offset..<offset + count])
            offset += count
            return count
        }
        var pieces = BookImport(columns: try reader.columns())
        while let item = try reader.next() {
            switch item {
            case .book(let row): pieces.books.append(row)
            case .rejected(let rejection): pieces.rejected.append(rejection)
            }
        }
        #expect(pieces == whole)
        #expect(whole.books.count == 1 && whole.rejected.count == 4)
        #expect(reader.bytesRead == bytes.count)
    }

    @Test func refusesARowLongerThanTheLimitBeforeReadingItWhole() {
        var served = 0
        let reader = BookCSVReader { buffer in
            let head = Array("isbn,title\n9780306406157,\"".utf8)
            if served == 0 {
                buffer.copyBytes(from: head)
                served = head.count
                return head.count
            }
            // An endless value.
            for index in buffer.indices { buffer[index] = UInt8(ascii: "x") }
            served += buffer.count
            return buffer.count
        }
        #expect(throws: ClubhouseError.self) { while try reader.next() != nil {} }
        #expect(served < BookCSV.maximumRowBytes + 4 * BookCSVReader.chunkSize)
    }

    @Test func readsAnyCollectionOfBytes() throws {
        let bytes = "isbn,title\n9780306406157,Dune\n".utf8
        #expect(try BookCSV.parse(bytes).books.count == 1)
        #expect(try BookCSV.parse(ArraySlice(Array(bytes))).books.count == 1)
    }
}

@Suite struct SearchWordsTests {
    @Test func wordsAreRunsOfLettersAndDigitsInLowerCaseEachOnce() {
        #expect(SearchWords.words(in: "Dune, dune & DUNE: 1965!") == ["dune", "1965"])
        #expect(SearchWords.words(in: "Zoë's \"NEAR(x*") == ["zoë", "s", "near", "x"])
    }

    @Test func aMarkOnItsOwnIsNoWord() {
        #expect(SearchWords.words(in: "sea \u{0345} e\u{0301}te") == ["sea", "e\u{0301}te"])
    }

    @Test func questionsLoseTheWordsEveryQuestionHas() {
        #expect(SearchWords.keywords(in: "What should I read about a desert planet?") == ["desert", "planet"])
    }
}
