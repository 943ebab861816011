extension ClubhouseApp {
    // Each of these is one `perform` of the command it names: a shorter spelling for an app's
    // buttons and for reading code, not a second road.

    /// Creates an account and, with `signingIn`, signs it in at once (as the app's sign-up does;
    /// the password is hashed once, not checked again). Usernames: 1–32 letters, digits, `.`, `_`, `-`, unique
    /// whatever their case; passwords: 8 characters or more. Hashing (scrypt) takes about a
    /// second and happens before the write lock. `landing` is the tab its sign-ins land on
    /// (as `landOn`), this one's included.
    @discardableResult
    public func register(username: String, password: String, signingIn: Bool = false, landing: Tab? = nil) throws
        -> Outcome
    {
        try perform(
            Command(.register(username: username, password: password, signingIn: signingIn, landing: landing)))
    }

    /// Signs in and restores where this user was (or opens the link kept while signed out).
    @discardableResult
    public func signIn(username: String, password: String) throws -> Outcome {
        try perform(Command(.signIn(username: username, password: password)))
    }

    /// Signs out; the user's navigation state and journal are forgotten.
    @discardableResult
    public func signOut() throws -> Outcome {
        try perform(Command(.signOut))
    }

    /// Opens a screen by path or link (`players/3`, `home/results`, `clubhouse://books/9780441013593`):
    /// its tab's stack becomes the chain of screens leading there. Signed out, the link is kept
    /// and opened after the next sign-in. A link that does not resolve changes nothing and throws
    /// ``/ClubhouseDomain/ClubhouseError/unresolvedLink(reason:deepest:)``.
    @discardableResult
    public func open(_ link: String) throws -> Outcome {
        guard let parsed = Link(link) else {
            // Quoted in part: a message is one line for people, whatever was passed in.
            let shown = link.count > 80 ? link.prefix(80) + "…" : link
            throw ClubhouseError.invalidInput("'\(shown)' is not a screen or a clubhouse:// link")
        }
        return try perform(.deepLink(parsed))
    }

    /// Selects a tab; every tab keeps its own stack.
    @discardableResult
    public func select(_ tab: Tab) throws -> Outcome {
        try perform(Command(.selectTab(tab)))
    }

    /// Pops one screen in the selected tab (or the modal flow).
    @discardableResult
    public func back() throws -> Outcome {
        try perform(Command(.back))
    }

    /// Types fields into the form on show, saving them in its draft at once.
    @discardableResult
    public func type(_ fields: [(name: String, text: String)]) throws -> Outcome {
        try perform(Command(.fill(fields)))
    }

    /// Puts the cursor of the form on show in `field` (by name): saved with the screen, in its own
    /// transaction, so a front end started again puts it back there.
    @discardableResult
    public func focus(_ field: String) throws -> Outcome {
        try perform(Command(.focus(field)))
    }

    /// Saves the form on show with its draft and `fields` typed over it.
    @discardableResult
    public func submit(_ fields: [(name: String, text: String)] = []) throws -> Outcome {
        try perform(Command(.submit(fields, discardingDraft: false)))
    }

    /// Returns to the navigation state before the last change (data is never undone).
    @discardableResult
    public func undo() throws -> Outcome {
        try perform(Command(.undo))
    }

    /// Reopens the most recently closed screen whose record still exists.
    @discardableResult
    public func reopen() throws -> Outcome {
        try perform(Command(.reopen))
    }
}

extension ClubhouseApp {
    /// Moves the selected row of the list on show (`.by(1)` down, `.by(-1)` up, `.top`, `.bottom`,
    /// `.row(key)`): one ``perform(_:)``, saved with the screen in its own transaction.
    @discardableResult
    public func moveSelection(_ move: SelectionMove) throws -> Outcome {
        try perform(Command(.moveSelection(move)))
    }

    /// Shows the books a search finds in the library (nil or empty: the whole shelf again).
    @discardableResult
    public func search(_ text: String?) throws -> Outcome {
        try perform(Command(.search(text)))
    }

    /// The signed-in user's settings on this device (``/ClubhouseFeatures/Action/settings``).
    public func settings() throws -> UserSettings {
        try look(.settings, showing: false).settings ?? UserSettings()
    }

    /// Makes `tab` where every sign-in of the signed-in user lands
    /// (``/ClubhouseFeatures/Action/landOn(_:)``). Where the user is now stays as it is.
    @discardableResult
    public func land(on tab: Tab) throws -> UserSettings {
        try perform(Command(.landOn(tab))).settings ?? UserSettings(landing: tab)
    }
}
