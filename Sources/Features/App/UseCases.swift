import Domain

/// The use cases the coordinators call, wired to one set of repositories (in the CLI, repositories
/// bound to the command's single transaction).
public struct UseCases {
    public let registerUser: RegisterUser
    public let signIn: SignIn
    public let signOut: SignOut
    public let currentSession: CurrentSession
    public let addPlayer: AddPlayer
    public let listPlayers: ListPlayers
    public let showPlayer: ShowPlayer
    public let selectTab: SelectTab
    public let selectPage: SelectPage
    public let goBack: GoBack
    public let loadNavigation: LoadNavigation
    public let saveNavigation: SaveNavigation

    public init(
        users: any UserRepository, sessions: any SessionRepository, players: any PlayerRepository,
        navigation: any NavigationRepository, hasher: any PasswordHasher
    ) {
        registerUser = RegisterUser(users: users, hasher: hasher)
        signIn = SignIn(users: users, sessions: sessions, hasher: hasher)
        signOut = SignOut(sessions: sessions, navigation: navigation)
        currentSession = CurrentSession(sessions: sessions)
        addPlayer = AddPlayer(players: players)
        listPlayers = ListPlayers(players: players)
        showPlayer = ShowPlayer(players: players)
        selectTab = SelectTab(navigation: navigation)
        selectPage = SelectPage(navigation: navigation)
        goBack = GoBack(navigation: navigation)
        loadNavigation = LoadNavigation(navigation: navigation)
        saveNavigation = SaveNavigation(navigation: navigation)
    }
}
