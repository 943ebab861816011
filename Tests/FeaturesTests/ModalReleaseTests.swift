import ClubhouseDomain
import ClubhouseFeatures
import ClubhouseNavigation
import Testing

/// The app's own add-book flow (`books/new`) with a screen pushed over its form (a book the user
/// already has, `books/new > books/ISBN`): however the flow goes away, its coordinator, the
/// coordinator of the pushed book and the flow's router go with it (weak references).
@Suite struct ModalReleaseTests {
    static let dune = "9780441013593"
    let harness: AppHarness

    init() throws {
        harness = try AppHarness()  // the app's modal flows
        try harness.registerAndSignIn("ana")
        try harness.run(
            Command(
                link: .screen(.newBook), .submit([("isbn", Self.dune), ("title", "Dune")], discardingDraft: false)))
        try harness.run(.selectTab(.players))
    }

    /// Opens `books/new` over the players tab, types the ISBN of a book on the shelf and opens
    /// that book over the form, in `app`.
    private func openTheFlowWithTheBookPushed(_ app: AppCoordinator) throws {
        try app.perform(Command(link: .screen(.newBook), .fill([("isbn", Self.dune), ("author", "Frank Herbert")])))
        try app.perform(Command(.show(.book(isbn: Self.dune))))
    }

    private var flowWithTheBook: ModalState {
        ModalState(stack: [
            ScreenState(path: "books/new", draft: FormDraft(["isbn": Self.dune, "author": "Frank Herbert"])),
            ScreenState(path: "books/\(Self.dune)"),
        ])
    }

    @Test func backClosesThePushedBookThenDismissesTheFlowReleasingEach() throws {
        let app = harness.app()
        try openTheFlowWithTheBookPushed(app)
        let main = try app.requireMain()
        let presenter = main.players.router
        weak let flow = main.modal
        weak let book = main.modal?.pushed
        weak let router = main.modal?.router
        #expect(flow is AddBookCoordinator)
        #expect(book is BookDetailCoordinator)
        #expect(router?.stack == [.newBook, .book(isbn: Self.dune)])
        #expect(book?.router === router)  // the pushed screen is on the flow's own stack
        #expect(presenter.presented === router)
        #expect(main.players.router.stack == [.players])  // the tab underneath is untouched
        #expect(try harness.state()?.modal == flowWithTheBook)

        // Back closes the book: its coordinator goes; the flow, its draft and its router stay.
        try app.perform(Command(.back))
        #expect(book == nil)
        #expect(flow != nil && router != nil)
        #expect(flow?.childCoordinators.isEmpty == true)
        #expect(router?.stack == [.newBook])
        #expect(presenter.presented === router)
        #expect(try harness.state()?.modal?.stack == [flowWithTheBook.stack[0]])

        // Back on the form dismisses the flow (its draft with it): coordinator and router go.
        try app.perform(Command(.back))
        #expect(main.modal == nil)
        #expect(flow == nil)
        #expect(router == nil)
        #expect(presenter.presented == nil)
        #expect(try harness.state()?.modal == nil)
    }

    /// Another process closes the flow; the live tree, which still had the book pushed over the
    /// form, follows the stored state and lets go of the whole flow at once.
    @Test func aFlowClosedElsewhereIsReleasedWithItsPushedBookByTheLiveTree() throws {
        let app = harness.app()
        try openTheFlowWithTheBookPushed(app)
        let main = try app.requireMain()
        let presenter = main.players.router
        weak let flow = main.modal
        weak let book = main.modal?.pushed
        weak let router = main.modal?.router
        #expect(flow != nil && book != nil && router != nil)

        try harness.run(.back)  // fresh trees, as other processes: the book, then the flow
        try harness.run(.back)
        #expect(try harness.state()?.modal == nil)
        let outcome = try app.perform(Command(.none))
        #expect(outcome.state?.modal == nil)
        #expect(try app.requireMain() === main)  // the same tab bar lived on
        #expect(main.modal == nil)
        #expect(book == nil)
        #expect(flow == nil)
        #expect(router == nil)
        #expect(presenter.presented == nil)
    }

    /// Signing out with the flow open and the book pushed finishes the whole tree: nothing of
    /// the flow stays behind.
    @Test func signingOutReleasesTheFlowWithItsPushedBook() throws {
        let app = harness.app()
        try openTheFlowWithTheBookPushed(app)
        weak let main = try app.requireMain()
        weak let flow = main?.modal
        weak let book = main?.modal?.pushed
        weak let router = main?.modal?.router
        #expect(flow != nil && book != nil && router != nil)

        try app.perform(Command(.signOut))
        #expect(app.main == nil && app.login != nil)
        #expect(main == nil)
        #expect(book == nil)
        #expect(flow == nil)
        #expect(router == nil)
    }

    /// A stored flow with the book over its form is rebuilt as such by a fresh tree (the state the
    /// tests above start from is a real one, and the one a new process sees).
    @Test func aStoredFlowWithItsPushedBookIsRebuiltByAFreshTree() throws {
        let app = harness.app()
        try openTheFlowWithTheBookPushed(app)
        let fresh = harness.app()
        try fresh.start()
        let rebuilt = try fresh.requireMain()
        #expect(rebuilt.state.modal == flowWithTheBook)
        #expect(rebuilt.modal is AddBookCoordinator)
        #expect(rebuilt.modal?.pushed is BookDetailCoordinator)
        #expect(rebuilt.modal?.router.stack == [.newBook, .book(isbn: Self.dune)])
        #expect(rebuilt.players.router.presented === rebuilt.modal?.router)
    }
}
