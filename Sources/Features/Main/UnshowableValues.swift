import ClubhouseDomain

// What each view shows from the database, for a front end to tell of the values it shows that
// this version cannot show as stored (`UnshowableValueReport`).

extension Page: ShowsStoredValues where Item: ShowsStoredValues {
    public var unshowableValues: [UnshowableValue] { items.unshowableValues }
}

extension BookSave: ShowsStoredValues {
    public var unshowableValues: [UnshowableValue] { book.unshowableValues }
}

extension GatherViewModel: ShowsStoredValues {
    public var unshowableValues: [UnshowableValue] { gather.unshowableValues }
}

extension PlayerDetailViewModel: ShowsStoredValues {
    public var unshowableValues: [UnshowableValue] { player.unshowableValues }
}

extension ConfirmPlayersViewModel: ShowsStoredValues {
    public var unshowableValues: [UnshowableValue] { players.unshowableValues }
}

extension ProfileViewModel: ShowsStoredValues {
    public var unshowableValues: [UnshowableValue] { user.unshowableValues }
}

extension HomeViewModel: ShowsStoredValues {
    public var unshowableValues: [UnshowableValue] {
        switch content {
        case .squad(_, let recent): recent.unshowableValues
        case .results(let results): results.unshowableValues
        case .reading(let books): books.unshowableValues
        }
    }
}

extension ScreenContent: ShowsStoredValues {
    /// The values of the records on the screen. The players list holds none: its rows are read
    /// when shown (`PlayerRows.unshowableValueReport`).
    public var unshowableValues: [UnshowableValue] {
        switch self {
        case .home(let model): model.unshowableValues
        case .playerDetail(let model): model.unshowableValues
        case .confirmPlayers(let model): model.unshowableValues
        case .gather(let model): model.unshowableValues
        case .gatherList(let models): models.unshowableValues
        case .profile(let model): model.unshowableValues
        case .bookList(let page): page.unshowableValues
        case .bookDetail(let book): book.unshowableValues
        case .questionList(let page): page.unshowableValues
        case .questionDetail(let question): question.unshowableValues
        case .login, .playerList, .form, .notBuilt: []
        }
    }
}

extension FormResult: ShowsStoredValues {
    public var unshowableValues: [UnshowableValue] {
        switch self {
        case .playerAdded(let player), .playerUpdated(let player): player.unshowableValues
        case .gatherStarted(let gather): gather.unshowableValues
        case .bookSaved(let save): save.unshowableValues
        case .questionAsked(let question): question.unshowableValues
        }
    }
}

extension ActionResult: ShowsStoredValues {
    /// The values of the records the result holds.
    public var unshowableValues: [UnshowableValue] {
        switch self {
        case .form(let result, _): result.unshowableValues
        case .registered(let user), .signedIn(let user, _), .signedOut(let user): user.unshowableValues
        case .foundBooks(let books): books.unshowableValues
        case .playerDeleted(let player): player.unshowableValues
        case .bookRemoved(let book): book.unshowableValues
        case .questionDeleted(let question): question.unshowableValues
        case .gather(let model), .gatherEnded(let model): model.unshowableValues
        case .gatherCancelled(let gather), .gatherDeleted(let gather): gather.unshowableValues
        case .none, .linkKept, .undone, .reopened, .history, .booksImported, .settings: []
        }
    }
}
