import ClubhouseDomain
import ClubhouseFeatures
import ClubhouseNavigation
import Testing

/// A modal form standing in for BookKitty's add-book flow: the mechanism (present, stack of its
/// own, draft, dismiss) is the app's; only the flow is the test's.
private final class TestModalForm: FormCoordinator {
    var links: FlowLinks
    let screen = Screen.newBook
    var draft = FormDraft()
    var focus: String?
    let fields = [FormField(name: "title", label: "Title", hint: "any text", isRequired: true)]

    init(router: any Router) { links = FlowLinks(router: router) }
    func start() {}
    func check(_ field: String, _ text: String) throws {}
    func child(for screen: Screen, _ useCases: UseCases) throws -> Opening { .refused("nothing over the form") }
    func content(_ useCases: UseCases) throws -> ScreenContent {
        .form(FormViewModel(screen: screen, title: "Test", fields: fields, draft: draft))
    }
    func submit(_ useCases: UseCases) throws -> FormResult {
        finish()
        return .playerAdded(Player(id: 0, ownerID: 0, name: draft["title"] ?? ""))
    }
}

@Suite struct ModalFlowTests {
    let harness: AppHarness

    init() throws {
        harness = try AppHarness(
            modalFlows: ModalFlows(screens: [.newBook]) { _, router, _ in TestModalForm(router: router) })
        try harness.registerAndSignIn("ana")
    }

    @Test func aModalIsPresentedOverTheTabsWithItsDraftAndSurvivesRuns() throws {
        let zoe = try harness.addPlayer("Zoë")
        try harness.open("players/\(zoe.id)")
        try harness.open("books/new")
        try harness.run(.fill([("title", "Dune")]))
        let state = try #require(try harness.state())
        #expect(state.modal == ModalState(stack: [ScreenState(path: "books/new", draft: FormDraft(["title": "Dune"]))]))
        #expect(state.currentScreen.path == "books/new")
        #expect(state.paths(.players) == ["players", "players/\(zoe.id)"])  // the tabs underneath stay
    }

    @Test func whileAModalHoldsADraftTheTabsWait() throws {
        try harness.open("books/new")
        try harness.run(.fill([("title", "Dune")]))
        #expect(throws: ClubhouseError.self) { try harness.run(.selectTab(.library)) }
        #expect(throws: ClubhouseError.self) { try harness.open("players") }
        try harness.open("books/new")  // the open modal itself is fine
        #expect(try harness.state()?.modal?.stack.first?.draft == FormDraft(["title": "Dune"]))
    }

    @Test func aModalWithNothingTypedStepsAsideForTheTabs() throws {
        try harness.open("books/new")
        try harness.run(.selectTab(.library))
        let state = try #require(try harness.state())
        #expect(state.modal == nil)
        #expect(state.selectedTab == .library)
    }

    @Test func dismissingTheModalReleasesItsCoordinatorAndRouter() throws {
        let app = harness.app()
        try app.perform(.open(.screen(.newBook)))
        let main = try app.requireMain()
        weak let modal = main.modal
        weak let router = main.modal?.router
        #expect(modal != nil && router != nil)
        #expect(main.players.router.presented == nil && main.home.router.presented === router)
        try app.perform(Command(.back))
        #expect(main.modal == nil)
        #expect(modal == nil)
        #expect(router == nil)
        #expect(main.home.router.presented == nil)
        #expect(try harness.state()?.modal == nil)
    }

    @Test func submittingTheModalFormDismissesIt() throws {
        let app = harness.app()
        try app.perform(.open(.screen(.newBook)))
        weak let modal = try app.requireMain().modal
        try app.perform(Command(.submit([("title", "Dune")], discardingDraft: false)))
        #expect(modal == nil)
        #expect(try harness.state()?.modal == nil)
    }

    @Test func aStoredModalTheAppCannotShowIsCutAndTheTabsStay() throws {
        let ana = try #require(try harness.look().state.map { _ in User(id: 1, username: "ana") })
        var state = NavigationState.initial
        state.selectedTab = .library
        state.modal = ModalState(stack: [ScreenState(path: "questions/new", draft: FormDraft(["text": "why?"]))])
        try harness.store(state, for: ana)
        let outcome = try harness.look()
        #expect(outcome.state?.modal == nil)
        #expect(outcome.state?.selectedTab == .library)
        #expect(outcome.warnings.count == 1)
        #expect(outcome.warnings.first?.contains("the draft of questions/new was dropped") == true)
    }
}
