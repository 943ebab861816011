import ClubhouseDomain

/// The use cases the coordinators call, wired to the repositories of one action's transaction.
/// Built afresh for every action, so that coordinators never hold a transaction.
package struct UseCases {
    package let registerUser: RegisterUser
    package let signIn: SignIn
    package let signOut: SignOut
    package let currentSession: CurrentSession
    package let addPlayer: AddPlayer
    package let updatePlayer: UpdatePlayer
    package let listPlayers: ListPlayers
    package let showPlayer: ShowPlayer
    package let loadNavigation: LoadNavigation
    package let recordNavigation: RecordNavigation
    package let history: NavigationHistory
    package let takeLastChange: TakeLastChange
    package let closedScreens: ClosedScreens
    package let keepLinkForSignIn: KeepLinkForSignIn
    package let takePendingLink: TakePendingLink
    package let deletePlayer: DeletePlayer
    package let startGather: StartGather
    package let findGather: FindGather
    package let playGather: PlayGather
    package let endGather: EndGather
    package let deleteGather: DeleteGather
    package let homeSummary: HomeSummary
    package let addBook: AddBook
    package let listBooks: ListBooks
    package let findBook: FindBook
    package let removeBook: RemoveBook
    package let searchBooks: SearchBooks
    package let askQuestion: AskQuestion
    package let listQuestions: ListQuestions
    package let findQuestion: FindQuestion
    package let deleteQuestion: DeleteQuestion
    package let importBooks: ImportBooks
    package let settings: ChooseSettings
    /// The time screens are shown at (a gather's countdown).
    package let clock: any WallClock
    /// The scene whose navigation state and journal these use cases read and write.
    package let scene: SceneName

    package init(_ repositories: any Repositories, clock: any WallClock = SystemClock(), scene: SceneName = .main) {
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
        loadNavigation = LoadNavigation(navigation: navigation, scene: scene)
        recordNavigation = RecordNavigation(navigation: navigation, journal: journal, scene: scene)
        history = NavigationHistory(journal: journal, scene: scene)
        takeLastChange = TakeLastChange(journal: journal, scene: scene)
        closedScreens = ClosedScreens(journal: journal, scene: scene)
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
        settings = ChooseSettings(settings: repositories.settings)
        self.clock = clock
        self.scene = scene
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
