import ClubhouseDomain
import ClubhouseFeatures
import ClubhouseNavigation
import ClubhouseTestSupport
import Testing

@Suite struct BookKittyFlowTests {
    let harness: AppHarness
    let ana: User

    static let dune = "9780441013593"
    static let hobbit = "9780547928227"
    static let cosmos = "9780345539434"

    init() throws {
        harness = try AppHarness()
        ana = try harness.registerAndSignIn("ana")
    }

    @discardableResult
    func addBook(_ isbn: String, _ title: String, author: String? = nil, description: String? = nil) throws -> BookSave
    {
        var fields = [("isbn", isbn), ("title", title)]
        if let author { fields.append(("author", author)) }
        if let description { fields.append(("description", description)) }
        let outcome = try harness.run(Command(link: .screen(.newBook), .submit(fields, discardingDraft: true)))
        guard case .form(.bookSaved(let saved), _) = outcome.result else { throw ClubhouseError.notOnScreen("no book") }
        return saved
    }

    func ask(_ text: String) throws -> Question {
        let outcome = try harness.run(
            Command(link: .screen(.newQuestion), .submit([("text", text)], discardingDraft: true)))
        guard case .form(.questionAsked(let question), _) = outcome.result else {
            throw ClubhouseError.notOnScreen("no question")
        }
        return question
    }

    func library() throws {
        try addBook(Self.dune, "Dune", author: "Frank Herbert", description: "Politics and ecology on a desert planet")
        try addBook(Self.hobbit, "The Hobbit", author: "J. R. R. Tolkien", description: "A dragon, a ring, a long walk")
        try addBook(Self.cosmos, "Cosmos", author: "Carl Sagan", description: "The universe, planets and stars")
    }

    @Test func addingABookIsAModalOverAnyTabThatEndsOnTheLibraryAndReleasesItsFlow() throws {
        let zoe = try harness.addPlayer("Zoë")
        let app = harness.app()
        try app.perform(.open(.screen(.player(zoe.id))))
        try app.perform(.open(.screen(.newBook)))
        let main = try app.requireMain()
        weak let flow = main.modal
        #expect(flow is AddBookCoordinator)
        #expect(main.state.modal?.stack.map(\.path) == ["books/new"])
        let outcome = try app.perform(
            Command(.submit([("isbn", "0-441-01359-7"), ("title", "Dune")], discardingDraft: false)))
        guard case .form(.bookSaved(.added(let book)), _) = outcome.result else {
            Issue.record("no book added")
            return
        }
        #expect(book.isbn.digits == Self.dune)  // the ISBN-10 became its ISBN-13
        #expect(flow == nil)
        #expect(main.modal == nil)
        #expect(outcome.state?.selectedTab == .library)
        #expect(outcome.state?.paths(.players) == ["players", "players/\(zoe.id)"])  // the tab under it stays
        // The book saved is what is on show, over the shelf it is on.
        #expect(outcome.state?.paths(.library) == ["library", "books/\(Self.dune)"])
        guard case .bookDetail(let shown) = outcome.content else {
            Issue.record("not on the book saved")
            return
        }
        #expect(shown.isbn.digits == Self.dune)
    }

    @Test func cancellingTheAddBookFlowReturnsWhereItWasOpenedAndDropsTheDraft() throws {
        try harness.run(.selectTab(.profile))
        try harness.open("books/new")
        try harness.run(.fill([("title", "Dune")]))
        try harness.run(.back)
        let state = try #require(try harness.state())
        #expect(state.modal == nil)
        #expect(state.selectedTab == .profile)
        try harness.open("books/new")
        #expect(try harness.state()?.modal?.stack.first?.draft == FormDraft())
    }

    @Test func anInterruptedAddBookFlowComesBackWithItsDraft() throws {
        try harness.open("books/new")
        try harness.run(.fill([("isbn", Self.dune), ("title", "Dune")]))
        #expect(throws: ClubhouseError.self) { try harness.run(.fill([("price", "12.345")])) }
        let restored = try #require(try harness.state())
        #expect(
            restored.modal?.stack == [
                ScreenState(path: "books/new", draft: FormDraft(["isbn": Self.dune, "title": "Dune"]))
            ])
        let outcome = try harness.run(Command(.submit([("author", "Frank Herbert")], discardingDraft: false)))
        guard case .form(.bookSaved(let saved), let resumed) = outcome.result else {
            Issue.record("no book saved")
            return
        }
        #expect(resumed == ["isbn", "title"])
        #expect(saved.book.author == "Frank Herbert")
    }

    @Test func aDraftForOneBookIsNotAppliedToAnother() throws {
        try harness.open("books/new")
        try harness.run(.fill([("isbn", Self.dune), ("title", "Dune"), ("author", "Frank Herbert")]))
        let outcome = try harness.run(
            Command(.submit([("isbn", Self.hobbit), ("title", "The Hobbit")], discardingDraft: false)))
        guard case .form(.bookSaved(let saved), let resumed) = outcome.result else {
            Issue.record("no book saved")
            return
        }
        #expect(resumed.isEmpty)
        #expect(saved.book.author == nil)
        // The same book's draft is used: typing its ISBN-10 spelling keeps the author.
        try harness.open("books/new")
        try harness.run(.fill([("isbn", Self.dune), ("author", "Frank Herbert")]))
        let again = try harness.run(
            Command(.submit([("isbn", "0441013597"), ("title", "Dune")], discardingDraft: false)))
        guard case .form(.bookSaved(let dune), let used) = again.result else {
            Issue.record("no book saved")
            return
        }
        #expect(used == ["author"])
        #expect(dune.book.author == "Frank Herbert")
    }

    @Test func addingAnISBNThatExistsUpdatesItAndPutsItBackOnTheShelf() throws {
        try library()
        try harness.open("books/\(Self.dune)")
        try harness.run(.removeBook)
        let again = try addBook("978-0-441-01359-3", "Dune (40th anniversary)")
        guard case .updated(let book, _) = again else {
            Issue.record("not an update")
            return
        }
        #expect(book.owned)
        #expect(book.title == "Dune (40th anniversary)")
        guard case .bookList(let page) = try harness.open("library").content else {
            Issue.record("no list")
            return
        }
        #expect(page.items.first?.isbn.digits == Self.dune)  // the most recently updated
        #expect(page.total == 3)
    }

    @Test func oneBookDetailCoordinatorServesTheLibraryAndAQuestionAndIsReleasedWhenClosed() throws {
        try library()
        let question = try ask("Which book is about a desert planet?")
        #expect(question.books.first?.isbn.digits == Self.dune)
        let app = harness.app()
        try app.perform(.open(.screen(.book(isbn: Self.dune))))
        let main = try app.requireMain()
        weak let fromLibrary = main.library.pushed
        #expect(fromLibrary is BookDetailCoordinator)
        try app.perform(.open(.screen(.question(question.id))))
        try app.perform(Command(.show(.book(isbn: Self.dune))))
        #expect(main.state.paths(.questions) == ["questions", "questions/\(question.id)", "books/\(Self.dune)"])
        weak let fromQuestion = main.questions.top
        #expect(fromQuestion is BookDetailCoordinator)
        try app.perform(Command(.back))
        #expect(fromQuestion == nil)
        #expect(main.questions.router.stack == [.questions, .question(question.id)])
        try app.perform(Command(.selectTab(.library)))
        try app.perform(Command(.back))
        #expect(fromLibrary == nil)
        #expect(main.library.childCoordinators.isEmpty)
    }

    @Test func aBookOpenedInsideTheAddBookFlowIsReleasedWhenTheFlowIsDismissed() throws {
        try library()
        let app = harness.app()
        try app.perform(.open(.screen(.newBook)))
        try app.perform(Command(.show(.book(isbn: Self.dune))))
        let main = try app.requireMain()
        #expect(main.state.modal?.stack.map(\.path) == ["books/new", "books/\(Self.dune)"])
        weak let detail = main.modal?.top
        #expect(detail is BookDetailCoordinator)
        try app.perform(Command(.back))  // the detail
        try app.perform(Command(.back))  // the flow
        #expect(detail == nil)
        #expect(main.modal == nil)
    }

    @Test func aQuestionOpensOnlyItsOwnBooks() throws {
        try library()
        let question = try ask("Tell me about planets and stars")
        #expect(!question.books.contains { $0.isbn.digits == Self.hobbit })
        try harness.open("questions/\(question.id)")
        #expect(throws: ClubhouseError.self) { try harness.run(.show(.book(isbn: Self.hobbit))) }
        #expect(try harness.state()?.paths(.questions) == ["questions", "questions/\(question.id)"])
    }

    /// A cancel dismisses the ask-question flow: back where it was opened, nothing else moved.
    @Test func cancellingTheAskQuestionFlowReturnsWhereItWasOpened() throws {
        try harness.open("players")
        try harness.run(Command(link: .screen(.newQuestion), .fill([("text", "Half a quest")])))
        #expect(try harness.state()?.modal != nil)
        try harness.run(.back)
        let state = try #require(try harness.state())
        #expect(state.modal == nil)
        #expect(state.selectedTab == .players)
        #expect(state.paths(.questions) == ["questions"])
        #expect(state.paths(.players) == ["players"])
    }

    @Test func askingAQuestionLandsOnItsAnswerAndFillsTheReadingPage() throws {
        try library()
        let question = try ask("What should I read about a dragon and a ring?")
        let state = try #require(try harness.state())
        #expect(state.modal == nil)
        #expect(state.selectedTab == .questions)
        #expect(state.paths(.questions) == ["questions", "questions/\(question.id)"])
        #expect(question.books.map(\.isbn.digits) == [Self.hobbit])
        #expect(question.answer.contains("The Hobbit"))
        guard case .home(let home) = try harness.open("home/reading").content,
            case .reading(let books) = home.content
        else {
            Issue.record("no reading page")
            return
        }
        #expect(books.map(\.isbn.digits) == [Self.hobbit])
    }

    @Test func aQuestionWithNothingOnTheShelfSaysSo() throws {
        let question = try ask("Anything about submarines, please?")
        #expect(question.books.isEmpty)
        #expect(question.answer.hasPrefix("Nothing on your shelf fits"))
    }

    @Test func aRemovedBookIsNeverRecommendedButStillShows() throws {
        try library()
        try harness.open("books/\(Self.dune)")
        guard case .bookRemoved(let removed) = try harness.run(.removeBook).result else {
            Issue.record("not removed")
            return
        }
        #expect(!removed.owned)
        #expect(try harness.state()?.paths(.library) == ["library"])
        let question = try ask("A desert planet and its politics")
        #expect(!question.books.contains { $0.isbn.digits == Self.dune })
        guard case .bookDetail(let book) = try harness.open("books/\(Self.dune)").content else {
            Issue.record("the removed book does not show")
            return
        }
        #expect(!book.owned)
        #expect(throws: ClubhouseError.self) { try harness.run(.removeBook) }
    }

    @Test func deletingAQuestionKeepsItsBooksAndCutsAStackShowingIt() throws {
        try library()
        let question = try ask("Which book is about a desert planet?")
        let other = harness.app()
        try other.perform(Command(link: .screen(.question(question.id)), .show(.book(isbn: Self.dune))))
        try harness.open("questions/\(question.id)")
        guard case .questionDeleted = try harness.run(.deleteQuestion).result else {
            Issue.record("not deleted")
            return
        }
        #expect(try harness.state()?.paths(.questions) == ["questions"])
        guard case .bookDetail(let book) = try harness.open("books/\(Self.dune)").content else {
            Issue.record("the book went with the question")
            return
        }
        #expect(book.owned)
        // A stack another tree built earlier is stored without the question; a stored stack that
        // still names it is cut on restore with a warning.
        try harness.store(
            NavigationState(
                selectedTab: .questions, selectedPage: .squad,
                stacks: [.questions: screens("questions", "questions/\(question.id)", "books/\(Self.dune)")]),
            for: ana)
        let outcome = try harness.look()
        #expect(outcome.state?.paths(.questions) == ["questions"])
        #expect(
            outcome.warnings == [
                "no question \(question.id): cut questions/\(question.id) > books/\(Self.dune) from the questions tab; you are on questions"
            ])
    }

    @Test func anotherUsersBooksAndQuestionsAreAsAbsentAsMissingOnes() throws {
        try library()
        let question = try ask("Which book is about a desert planet?")
        try harness.signOut()
        try harness.registerAndSignIn("bea")
        #expect(throws: ClubhouseError.self) { try harness.open("books/\(Self.dune)") }
        #expect(throws: ClubhouseError.self) { try harness.open("questions/\(question.id)") }
        guard case .bookList(let page) = try harness.open("library").content else {
            Issue.record("no list")
            return
        }
        #expect(page.total == 0)
        guard case .foundBooks(let found) = try harness.app().look(.searchBooks("desert")).result else {
            Issue.record("no search")
            return
        }
        #expect(found.isEmpty)
    }

    @Test func aTamperedBookCutsOnlyItsScreen() throws {
        try library()
        try harness.open("books/\(Self.dune)")
        try harness.run(.selectTab(.players))
        try sqlite(harness.path, "DELETE FROM books WHERE isbn = '\(Self.dune)'")
        let outcome = try harness.look()
        #expect(outcome.state?.paths(.library) == ["library"])
        #expect(outcome.state?.selectedTab == .players)
        #expect(outcome.warnings.count == 1)
    }

    @Test func linksToBooksAndQuestionsOpenedWhileSignedOutWaitForTheSignIn() throws {
        try library()
        try harness.signOut()
        let kept = try harness.run(.deepLink(.screen(.book(isbn: Self.dune))))
        #expect(kept.result == .linkKept("books/\(Self.dune)"))
        let signedIn = try harness.run(.signIn(username: "ana", password: AppHarness.password))
        guard case .signedIn(_, let opened) = signedIn.result else {
            Issue.record("not signed in")
            return
        }
        #expect(opened == "books/\(Self.dune)")
        #expect(signedIn.state?.paths(.library) == ["library", "books/\(Self.dune)"])
    }
}
