import ClubhouseDomain
import ClubhouseNavigation

/// What a screen shows, ready for a view (here: the CLI's text renderer).
public enum ScreenContent: Equatable, Sendable {
    case login(Screen)
    case home(HomeViewModel)
    case playerList(PlayerListViewModel)
    case playerDetail(PlayerDetailViewModel)
    case form(FormViewModel)
    case confirmPlayers(ConfirmPlayersViewModel)
    /// A gather in progress, or an ended one in history.
    case gather(GatherViewModel)
    /// Ended gathers, newest first.
    case gatherList([GatherViewModel])
    case profile(ProfileViewModel)
    /// The first page of the shelf, most recently updated first.
    case bookList(Page<Book>)
    /// A book, on the shelf or taken off it.
    case bookDetail(Book)
    /// The first page of questions, newest first.
    case questionList(Page<Question>)
    /// A question with its answer and books.
    case questionDetail(Question)
    /// Not built: `AppCoordinator.look` reports where the user is without what the screen shows.
    case notBuilt
}

/// A form screen: its fields and what has been typed into them.
public struct FormViewModel: Equatable, Sendable {
    public let screen: Screen
    public let title: String
    public let fields: [FormField]
    public let draft: FormDraft

    public init(screen: Screen, title: String, fields: [FormField], draft: FormDraft) {
        self.screen = screen
        self.title = title
        self.fields = fields
        self.draft = draft
    }

    /// The fields not answered yet, in order.
    public var missing: [FormField] { fields.filter { draft[$0.name] == nil } }
}
