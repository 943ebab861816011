import Clubhouse

/// What a key asks of the app: the pure key handling's answer, which the session carries out
/// (through `ClubhouseApp.perform` for anything that is kept).
public enum UICommand: Equatable, Sendable {
    case none
    /// `interrupted`: Ctrl-C rather than q (the exit status tells them apart).
    case quit(interrupted: Bool)
    /// Reads everything again and redraws the whole screen (Ctrl-L).
    case reload
    case move(Int)
    case moveToStart, moveToEnd
    case movePage(Int)
    case open, back
    case tab(Tab)
    case nextTab(Int)
    /// A tab key on a pushed screen, where the tab bar is hidden: said, not done.
    case tabBarHidden
    case turnPage(Int)
    case undo, reopen
    case startSearch, startCommandLine, toggleHelp, closeOverlay
    /// The screen's add flow: a player, a book, a question.
    case new
    /// The chooser of every add flow, and a flow picked in it.
    case chooseAdd
    case add(AddFlow)
    /// The next (1) or previous (-1) of a form field's fixed values (skill, position).
    case pick(Int)
    case newGather
    /// The players list's selection mode: marks or unmarks the selected player (Space), clears
    /// every mark (Esc; back when nothing is marked), and goes to the team picker with the marked
    /// players (c).
    case toggleMark, clearMarks, confirmMarked
    case delete
    case goal(Team, Int)
    case toggleTimer, resetTimer, endGather, cancelGather
    /// The countdown's length one step (a minute) shorter or longer, as the seed's timer picker.
    case stepTimerLength(Int)
    /// Moves the selected player of the team picker to a team, or to the bench (nil).
    case assign(Team?)
    case startGather
    // Text fields: a form's, the login screen's, the command line's and the search's.
    case insert(String)
    case deleteBackward, nextField, previousField, submit
    /// Saves the form on show whichever field is focused (Ctrl-S).
    case save
    case switchLoginMode
    /// An answer to a question on show (y or n).
    case confirm(Bool)
}
