extension ClubhouseApp {
    // Windows of the lists, for a front end that shows a screenful at a time: each reads a few
    // rows next to a key through an index (never the whole list, never by position), in one read
    // transaction, for the user signed in at that moment. `count` is 1...1000 rows; `above` is
    // how many of them to show before the selected row when the list has that many (a view keeps
    // the selected row where it was on screen); at either end of the list the window fills from
    // the other side.

    /// The window of the list on show around its stored selection (``NavigationState/selection``;
    /// nil or a record that is gone: the first row or the row that took its place), read with
    /// the tree brought up to date as ``look(_:showing:)`` does. Throws
    /// ``/ClubhouseDomain/ClubhouseError/notOnScreen(_:)`` when the screen on show is not a list.
    public func readWindow(count: Int, above: Int = 0) throws -> ListWindowContent {
        try locked { try tree.readWindow(count: count, above: above) }
    }

    /// The signed-in user's players around the player `selected`, oldest first.
    public func readPlayers(around selected: Player.ID?, count: Int, above: Int = 0) throws -> ListWindow<Player> {
        try locked { try tree.readPlayers(around: selected, count: count, above: above) }
    }

    /// The signed-in user's shelf around the book `selected`, most recently updated first.
    public func readShelf(around selected: ISBN?, count: Int, above: Int = 0) throws -> ListWindow<Book> {
        try locked { try tree.readShelf(around: selected, count: count, above: above) }
    }

    /// The signed-in user's questions around the question `selected`, newest first.
    public func readQuestions(around selected: Question.ID?, count: Int, above: Int = 0) throws
        -> ListWindow<Question>
    {
        try locked { try tree.readQuestions(around: selected, count: count, above: above) }
    }

    /// The signed-in user's ended gathers around the gather `selected`, newest first.
    public func readGathers(around selected: Gather.ID?, count: Int, above: Int = 0) throws
        -> ListWindow<GatherViewModel>
    {
        try locked { try tree.readGathers(around: selected, count: count, above: above) }
    }
}
