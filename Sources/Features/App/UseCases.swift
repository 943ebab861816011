import Domain

/// The use cases the coordinators call, wired to the repositories of one action's transaction.
/// Built afresh for every action, so that coordinators never hold a transaction.
public struct UseCases {
    public let registerUser: RegisterUser
    public let signIn: SignIn
    public let signOut: SignOut
    public let currentSession: CurrentSession
    public let addPlayer: AddPlayer
    public let updatePlayer: UpdatePlayer
    public let listPlayers: ListPlayers
    public let showPlayer: ShowPlayer
    public let loadNavigation: LoadNavigation
    public let recordNavigation: RecordNavigation
    public let history: NavigationHistory
    public let takeLastChange: TakeLastChange
    public let closedScreens: ClosedScreens
    public let keepLinkForSignIn: KeepLinkForSignIn
    public let takePendingLink: TakePendingLink
    public let deletePlayer: DeletePlayer
    public let startGather: StartGather
    public let findGather: FindGather
    public let playGather: PlayGather
    public let endGather: EndGather
    public let deleteGather: DeleteGather
    public let homeSummary: HomeSummary
    public let addBook: AddBook
    public let listBooks: ListBooks
    public let findBook: FindBook
    public let removeBook: RemoveBook
    public let searchBooks: SearchBooks
    public let askQuestion: AskQuestion
    public let listQuestions: ListQuestions
    public let findQuestion: FindQuestion
    public let deleteQuestion: DeleteQuestion
    public let importBooks: ImportBooks
    /// The time screens are shown at (a gather's countdown).
    public let clock: any WallClock

    public init(_ repositories: any Repositories, clock: any WallClock = SystemClock()) {
        let players = repositories.players
        let navigation = repositories.navigation
        let journal = repositories.journal
        registerUser = RegisterUser(users: repositories.users)
        signIn = SignIn(users: repositories.users, sessions: repositories.sessions)
        signOut = SignOut(sessions: repositories.sessions, navigation: navigation, journal: journal)
        currentSession = CurrentSession(sessions: repositories.sessions)
        addPlayer = AddPlayer(players: players)
        updatePlayer = UpdatePlayer(players: players)
        listPlayers = ListPlayers(players: players)
        showPlayer = ShowPlayer(players: players)
        loadNavigation = LoadNavigation(navigation: navigation)
        recordNavigation = RecordNavigation(navigation: navigation, journal: journal)
        history = NavigationHistory(journal: journal)
        takeLastChange = TakeLastChange(journal: journal)
        closedScreens = ClosedScreens(journal: journal)
        keepLinkForSignIn = KeepLinkForSignIn(links: repositories.pendingLinks)
        takePendingLink = TakePendingLink(links: repositories.pendingLinks)
        let gathers = repositories.gathers
        deletePlayer = DeletePlayer(players: players)
        startGather = StartGather(players: players, gathers: gathers, clock: clock)
        findGather = FindGather(gathers: gathers)
        playGather = PlayGather(gathers: gathers, clock: clock)
        endGather = EndGather(gathers: gathers, clock: clock)
        deleteGather = DeleteGather(gathers: gathers)
        let books = repositories.books
        let questions = repositories.questions
        homeSummary = HomeSummary(players: players, gathers: gathers, books: books)
        addBook = AddBook(books: books, clock: clock)
        listBooks = ListBooks(books: books)
        findBook = FindBook(books: books)
        removeBook = RemoveBook(books: books, clock: clock)
        searchBooks = SearchBooks(books: books)
        askQuestion = AskQuestion(books: books, questions: questions, clock: clock)
        listQuestions = ListQuestions(questions: questions)
        findQuestion = FindQuestion(questions: questions)
        deleteQuestion = DeleteQuestion(questions: questions)
        importBooks = ImportBooks(books: books, clock: clock)
        self.clock = clock
    }

    /// The player if it exists and is the owner's; nil otherwise.
    func findPlayer(_ id: Player.ID, owner: User.ID) throws -> Player? {
        do {
            return try showPlayer(id, owner: owner)
        } catch ClubhouseError.playerNotFound {
            return nil
        }
    }

    /// The owner's gather, book or question, or why a screen cannot show it: missing, another
    /// user's, or a stored row that cannot be read (so that a tampered row cuts one screen
    /// instead of failing every command that restores it).
    func lookUpGather(_ id: Gather.ID, owner: User.ID) throws -> Result<Gather, ClubhouseError> {
        try lookUp { try findGather(id, owner: owner) }
    }

    func lookUpBook(_ isbn: ISBN, owner: User.ID) throws -> Result<Book, ClubhouseError> {
        try lookUp { try findBook(isbn, owner: owner) }
    }

    func lookUpQuestion(_ id: Question.ID, owner: User.ID) throws -> Result<Question, ClubhouseError> {
        try lookUp { try findQuestion(id, owner: owner) }
    }

    private func lookUp<T>(_ find: () throws -> T) throws -> Result<T, ClubhouseError> {
        do {
            return .success(try find())
        } catch let error as ClubhouseError {
            switch error {
            case .gatherNotFound, .bookNotFound, .questionNotFound, .unreadableRecord: return .failure(error)
            default: throw error
            }
        }
    }

    /// Reads `gather` again for a screen showing it: nil when it is still there (and updated),
    /// else why the screen can no longer be shown.
    func refresh(_ gather: inout Gather) throws -> String? {
        switch try lookUpGather(gather.id, owner: gather.ownerID) {
        case .success(let fresh):
            gather = fresh
            return nil
        case .failure(let error):
            return error.message
        }
    }

    /// Reads `player` again for a screen showing it: nil when it is still there (and updated),
    /// else why the screen can no longer be shown.
    func refresh(_ player: inout Player) throws -> String? {
        guard let fresh = try findPlayer(player.id, owner: player.ownerID) else {
            return ClubhouseError.playerNotFound(player.id).message
        }
        player = fresh
        return nil
    }
}
