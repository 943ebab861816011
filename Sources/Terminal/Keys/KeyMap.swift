import Clubhouse

/// Key handling, as a pure function of the key and what is on show. `help(for:)` lists the same
/// keys for the `?` overlay, so what it says is what they do (KeyMapTests holds them together).
public enum KeyMap {
    /// Ctrl-C: quits from anywhere, and before any key queued ahead of it.
    public static let interrupt = Key.control("c")

    public static func command(for key: Key, on screen: ScreenKind, overlay: OverlayKind? = nil) -> UICommand {
        if key == interrupt { return .quit(interrupted: true) }
        if key == .control("q") { return .quit(interrupted: false) }
        if key == .control("l") { return .reload }
        if case .paste(let text) = key {
            // A paste types where a letter would, all at once, and is never keys.
            return command(for: .character("a"), on: screen, overlay: overlay) == .insert("a") ? .insert(text) : .none
        }
        if let overlay { return command(for: key, over: overlay) }
        switch screen {
        case .login, .register: return textField(key, login: true, picks: screen == .register)
        case .form: return textField(key, login: false, picks: true)
        default: break
        }
        if let specific = command(for: key, specificTo: screen) { return specific }
        let command = navigation(key, on: screen)
        switch command {
        case .tab, .nextTab: return screen.isPushed ? .tabBarHidden : command
        default: return command
        }
    }

    private static func command(for key: Key, over overlay: OverlayKind) -> UICommand {
        switch overlay {
        case .help, .warnings:
            return .closeOverlay  // any key closes it
        case .alert:
            // As an alert's OK: only Enter or Esc dismisses it, so a key typed on never lands
            // unseen in what is behind.
            return key == .enter || key == .escape ? .closeOverlay : .none
        case .confirm:
            // Only an answer answers: any other key is ignored, never typed into what is behind.
            switch key {
            case .character("y"), .character("Y"): return .confirm(true)
            case .character("n"), .character("N"), .escape, .enter: return .confirm(false)
            default: return .none
            }
        case .add:
            switch key {
            case .up, .character("k"), .backTab: return .move(-1)
            case .down, .character("j"), .tab: return .move(1)
            case .enter: return .submit
            case .escape: return .closeOverlay
            case .character(let character):
                return AddFlow.allCases.first { $0.key == character }.map(UICommand.add) ?? .none
            default: return .none
            }
        case .commandLine, .search:
            switch key {
            case .character(let character): return .insert(String(character))
            case .backspace: return .deleteBackward
            case .enter: return .submit
            case .escape: return .closeOverlay
            default: return .none
            }
        }
    }

    /// `picks`: ← → pick from a field's fixed values (a form's skill, the tab a registration
    /// lands on).
    private static func textField(_ key: Key, login: Bool, picks: Bool) -> UICommand {
        switch key {
        case .character(let character): .insert(String(character))
        case .backspace: .deleteBackward
        case .enter: .submit
        case .tab, .down: .nextField
        case .backTab, .up: .previousField
        case .escape: .back  // on the register screen, back to sign in; never a toggle
        case .control("r") where login: .switchLoginMode
        case .control("s") where !login: .save
        case .left where picks: .pick(-1)
        case .right where picks: .pick(1)
        default: .none
        }
    }

    private static func command(for key: Key, specificTo screen: ScreenKind) -> UICommand? {
        switch (screen, key) {
        case (.players, .character("n")), (.library, .character("n")), (.searchResults, .character("n")),
            (.questions, .character("n")):
            .new
        case (.players, .character("g")): .newGather
        case (.players, .character(" ")): .toggleMark
        case (.players, .escape): .clearMarks
        case (.players, .character("c")): .confirmMarked
        case (.playerDetail, .character("e")): .open
        case (.playerDetail, .character("d")), (.bookDetail, .character("d")), (.questionDetail, .character("d")),
            (.endedGather, .character("d")), (.players, .character("d")), (.library, .character("d")),
            (.searchResults, .character("d")), (.questions, .character("d")), (.gathers, .character("d")):
            .delete
        case (.library, .character("/")), (.searchResults, .character("/")), (.players, .character("/")): .startSearch
        case (.teamPicker, .character("a")): .assign(.a)
        case (.teamPicker, .character("b")): .assign(.b)
        case (.teamPicker, .character(" ")): .assign(nil)
        case (.teamPicker, .character("s")): .startGather
        case (.gather, .character("a")): .goal(.a, 1)
        case (.gather, .character("b")): .goal(.b, 1)
        case (.gather, .character("A")): .goal(.a, -1)
        case (.gather, .character("B")): .goal(.b, -1)
        case (.gather, .character("t")): .toggleTimer
        case (.gather, .character("T")): .resetTimer
        case (.gather, .character("e")): .endGather
        case (.gather, .character("c")): .cancelGather
        case (.gather, .character("<")): .stepTimerLength(-1)
        case (.gather, .character(">")): .stepTimerLength(1)
        default: nil
        }
    }

    private static func navigation(_ key: Key, on screen: ScreenKind) -> UICommand {
        switch key {
        case .up, .character("k"): .move(-1)
        case .down, .character("j"): .move(1)
        case .pageUp: .movePage(-1)
        case .pageDown, .character(" "): .movePage(1)
        case .home: .moveToStart
        case .end, .character("G"): .moveToEnd
        case .enter, .right, .character("l"): .open
        case .escape, .backspace, .left, .character("h"): .back
        case .tab: .nextTab(1)
        case .backTab: .nextTab(-1)
        case .character(let digit) where digit.isASCII && digit.wholeNumberValue.flatMap(Tab.init(number:)) != nil:
            .tab(Tab(number: digit.wholeNumberValue!)!)
        case .character("["): .turnPage(-1)
        case .character("]"): .turnPage(1)
        case .character("u"): .undo
        case .character("r"): .reopen
        case .character(":"): .startCommandLine
        case .character("?"): .toggleHelp
        case .character("q"): .quit(interrupted: false)
        case .character("n"), .character("+"): .chooseAdd
        default: .none
        }
    }

    /// The keys of `screen`, for the help overlay: its own first, then those of every screen.
    public static func help(for screen: ScreenKind) -> [(keys: String, meaning: String)] {
        var lines: [(String, String)] = []
        switch screen {
        case .login:
            lines = [
                ("type", "username, then password (shown as •)"), ("Tab ↑ ↓", "the other field"),
                ("Enter", "next field, then sign in"), ("Ctrl-R", "create an account instead"),
            ]
        case .register:
            lines = [
                ("type", "username, then password (8 or more)"), ("Tab ↑ ↓", "the other fields"),
                ("← →", "the tab the sign-in lands on"), ("Enter", "next field, then create and sign in"),
                ("Esc Ctrl-R", "back to sign in"),
            ]
        case .form:
            lines = [
                ("type", "into the field (kept at once)"), ("Backspace", "delete a character"),
                ("Tab ↓ ↑", "next or previous field"), ("Enter", "next field; on the last, save"),
                ("Ctrl-S", "save"), ("Esc", "back (asks before dropping a draft)"),
                ("← →", "pick from the field's values (skill, position)"),
            ]
        case .players:
            lines = [
                ("n", "add a player"), ("g", "pick teams for a gather"), ("d", "delete the selected player"),
                ("Space", "mark or unmark the selected player"), ("c", "pick teams of the marked players"),
                ("Esc", "clear the marks (with none marked, back)"), ("/", "find a player by name (again: the next)"),
            ]
        case .playerDetail: lines = [("Enter e", "edit the selected field"), ("d", "delete the player")]
        case .teamPicker:
            lines = [("a b", "move to Team A or Team B"), ("Space", "back to the bench"), ("s", "start the gather")]
        case .gather:
            lines = [
                ("a b", "a goal for Team A or B"), ("A B", "take one back"), ("t", "start, pause or resume"),
                ("T", "reset the timer"), ("< >", "the countdown a minute shorter or longer (stops it)"),
                ("e", "end the gather"), ("c", "cancel it"),
            ]
        case .endedGather: lines = [("d", "delete from history")]
        case .library:
            lines = [("n", "add a book"), ("/", "search the shelf"), ("d", "take the selected book off the shelf")]
        case .searchResults: lines = [("/", "search again"), ("d", "take the selected book off the shelf")]
        case .bookDetail: lines = [("d", "take it off the shelf")]
        case .questions: lines = [("n", "ask a question"), ("d", "delete the selected question")]
        case .questionDetail: lines = [("Enter", "open the selected book"), ("d", "delete the question")]
        case .gathers: lines = [("d", "delete the selected gather from history")]
        case .profile:
            lines = [
                (
                    "Enter",
                    "on Players, the players tab; on the gathers, their history; on Sign-in lands on, the next choice; on Sign out, sign out (asks first)"
                )
            ]
        case .home: break
        }
        if screen == .login || screen == .register || screen == .form {
            return lines + [("Ctrl-C Ctrl-Q", "quit (nothing is lost)"), ("Ctrl-L", "read again, redraw")]
        }
        // Esc is the players list's own (it clears the marks first); a pushed screen has no tabs.
        let back = screen == .players ? "Backspace ← h" : "Esc Backspace ← h"
        let tabs: [(String, String)] = screen.isPushed ? [] : [("Tab 1-5", "tabs")]
        return lines + [
            ("↑ ↓ j k", "move"), ("PgUp PgDn Home End", "move further"), ("Enter → l", "open"), (back, "back"),
        ]
            + tabs + [
                ("[ ]", "home pages"), ("u", "undo"), ("r", "reopen"), ("+ n", "add: a player, a book or a question"),
                (":", "command line (open LINK, tab, player add…)"), ("?", "this help"),
                ("q Ctrl-C", "quit (nothing is lost)"), ("Ctrl-L", "read again, redraw"),
            ]
    }
}
