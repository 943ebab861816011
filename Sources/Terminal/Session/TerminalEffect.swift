import Clubhouse

/// What the update step asks the driver to do with the library: the only way a key reaches
/// storage. The driver (`TerminalSession`) carries each effect out and hands its result back as a
/// `TerminalEvent.result`, which may ask for more (a list's rows after a move, the next step of a
/// command line's chain).
enum TerminalEffect {
    /// A call through the one road, whose outcome (or error) lands as `then` says.
    case call(LibraryCall, then: AfterCall)
    /// Reads the rows in view of the stored list on show: `count` of them, `above` the selected.
    case readWindow(count: Int, above: Int)
    /// Counts the signed-in user's players, for the players list's title.
    case countPlayers(PlayerListViewModel)
    /// Finds the first player after `after` (round the list to the start) whose name holds
    /// `text` (`PlayerSearch`): `/` on the players list.
    case findPlayer(PlayerListViewModel, text: String, after: Player.ID?)
    /// Draws what the model shows now, before slow work (scrypt takes a second).
    case drawNow
}

/// A call into the library that returns where the app landed.
enum LibraryCall {
    case perform(Command)
    /// A link that does not parse, opened as `clubhouse open` does: the library's own message.
    case open(String)
    case look
    case signIn(username: String, password: String)
    case register(username: String, password: String, landing: Tab)
    case signOut
}

/// What follows a call's outcome: how it lands, and what the next step of a chain is. A chain
/// stops at its first error, which becomes the message.
indirect enum AfterCall {
    /// Shows where the app landed; `changesData` forgets the counted players.
    case land(changesData: Bool)
    /// A character typed into a form's field: a form changed elsewhere says so.
    case typed
    /// Typed, with what went past the field's limit left out: the note says so.
    case typedCut(note: String)
    /// `[` or `]` on the home page: a page that cannot turn says why.
    case turnedPage(from: HomePage?, by: Int)
    /// Back at a tab's first screen says that it goes nowhere.
    case wentBack
    /// Signed in or registered: the login screen forgets what was typed; a refusal keeps the
    /// username and puts the cursor in the password.
    case signedIn
    /// The team picker's draft started afresh: the teams are filled next, expecting the new draft.
    case refilled([(name: String, text: String)])
    /// Lands, then runs `effect`.
    case then(TerminalEffect)
    /// Lands, then carries out `command` on the screen landed on (`:delete LINK`).
    case thenApply(UICommand)
    /// Lands, then searches the shelf landed on (`:search WORDS` from another screen).
    case thenSearch(String)
    /// Ctrl-L: everything read again.
    case reloaded
}

/// A result the driver hands back to the update step.
enum TerminalResult {
    case landed(Result<Outcome, any Error>, AfterCall)
    case windowRead(Result<ListWindowContent, any Error>)
    /// The players counted; nil when they could not be (the title goes without the count).
    case counted(Int?)
    /// The player `/` found for `text` (nil: no name holds it).
    case found(Result<Player?, any Error>, text: String)
}
