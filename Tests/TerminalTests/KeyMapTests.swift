import Clubhouse
import Testing

@testable import ClubhouseTerminal

/// Key handling as a pure function of the key and the screen, and the help overlay saying what
/// the keys do.
@Suite struct KeyMapTests {
    @Test func movingOpeningAndGoingBackOnAList() {
        for key in [Key.down, .character("j")] { #expect(KeyMap.command(for: key, on: .players) == .move(1)) }
        for key in [Key.up, .character("k")] { #expect(KeyMap.command(for: key, on: .players) == .move(-1)) }
        #expect(KeyMap.command(for: .enter, on: .players) == .open)
        for key in [Key.backspace, .left] { #expect(KeyMap.command(for: key, on: .players) == .back) }
        #expect(KeyMap.command(for: .escape, on: .questions) == .back)
        // On the players list Esc clears the marks first (and is back when none are marked).
        #expect(KeyMap.command(for: .escape, on: .players) == .clearMarks)
        // The seeds' order: Home, Players, Q&A, Library, Profile.
        let numbered: [Character: Tab] = ["1": .home, "2": .players, "3": .questions, "4": .library, "5": .profile]
        for (digit, tab) in numbered { #expect(KeyMap.command(for: .character(digit), on: .players) == .tab(tab)) }
        for digit: Character in ["0", "6", "9"] {
            #expect(KeyMap.command(for: .character(digit), on: .players) == .none)
        }
        #expect(KeyMap.command(for: .tab, on: .players) == .nextTab(1))
        // A pushed screen has no tab bar: its keys say so rather than switch.
        for screen in ScreenKind.allCases where screen.isPushed && screen != .form {
            #expect(KeyMap.command(for: .tab, on: screen) == .tabBarHidden, "\(screen)")
            #expect(KeyMap.command(for: .character("2"), on: screen) == .tabBarHidden, "\(screen)")
        }
        #expect(KeyMap.command(for: .character("]"), on: .home) == .turnPage(1))
        #expect(KeyMap.command(for: .character("["), on: .home) == .turnPage(-1))
        #expect(KeyMap.command(for: .character("u"), on: .library) == .undo)
        #expect(KeyMap.command(for: .character("r"), on: .library) == .reopen)
        #expect(KeyMap.command(for: .character(":"), on: .library) == .startCommandLine)
        #expect(KeyMap.command(for: .character("?"), on: .library) == .toggleHelp)
        #expect(KeyMap.command(for: .character("q"), on: .library) == .quit(interrupted: false))
    }

    @Test func searchOnlyWhereAScreenSearches() {
        #expect(KeyMap.command(for: .character("/"), on: .library) == .startSearch)
        #expect(KeyMap.command(for: .character("/"), on: .players) == .startSearch)
        #expect(KeyMap.command(for: .character("/"), on: .questions) == UICommand.none)
    }

    @Test func inAFormKeysTypeAndBackspaceDeletesACharacter() {
        for character in ["q", "j", "1", "[", "u", ":", "?", "é"] {
            #expect(KeyMap.command(for: .character(Character(character)), on: .form) == .insert(character))
        }
        #expect(KeyMap.command(for: .backspace, on: .form) == .deleteBackward)
        #expect(KeyMap.command(for: .escape, on: .form) == .back)
        #expect(KeyMap.command(for: .enter, on: .form) == .submit)
        #expect(KeyMap.command(for: .tab, on: .form) == .nextField)
        #expect(KeyMap.command(for: .control("s"), on: .form) == .save)
        #expect(KeyMap.command(for: .character("q"), on: .login) == .insert("q"))
        // On the sign-in screens Esc is back (to sign in, from register), never a toggle.
        #expect(KeyMap.command(for: .escape, on: .login) == .back)
        #expect(KeyMap.command(for: .escape, on: .register) == .back)
        #expect(KeyMap.command(for: .control("r"), on: .login) == .switchLoginMode)
    }

    @Test func ctrlCQuitsEverywhereEvenOverAnOverlay() {
        for screen in ScreenKind.allCases {
            #expect(KeyMap.command(for: .control("c"), on: screen) == .quit(interrupted: true))
            #expect(KeyMap.command(for: .control("c"), on: screen, overlay: .commandLine) == .quit(interrupted: true))
        }
    }

    @Test func overlaysTakeTheKeysFirst() {
        #expect(KeyMap.command(for: .character("q"), on: .players, overlay: .commandLine) == .insert("q"))
        #expect(KeyMap.command(for: .enter, on: .players, overlay: .search) == .submit)
        #expect(KeyMap.command(for: .character("y"), on: .players, overlay: .confirm) == .confirm(true))
        // A y/n question takes y, n, Esc or Enter (no); any other key is ignored, not typed behind it.
        for key in [Key.character("Y")] {
            #expect(KeyMap.command(for: key, on: .form, overlay: .confirm) == .confirm(true))
        }
        for key in [Key.character("n"), .character("N"), .escape, .enter] {
            #expect(KeyMap.command(for: key, on: .form, overlay: .confirm) == .confirm(false))
        }
        for key in [Key.character("x"), .character(" "), .backspace, .tab, .up, .character("ñ")] {
            #expect(KeyMap.command(for: key, on: .form, overlay: .confirm) == UICommand.none)
        }
        #expect(KeyMap.command(for: .character("j"), on: .players, overlay: .help) == .closeOverlay)
        // An alert takes Enter or Esc, and no other key, as its OK button would.
        for key in [Key.enter, .escape] {
            #expect(KeyMap.command(for: key, on: .form, overlay: .alert) == .closeOverlay)
        }
        for key in [Key.character("x"), .character("q"), .tab, .backspace] {
            #expect(KeyMap.command(for: key, on: .form, overlay: .alert) == UICommand.none)
        }
    }

    @Test func theGatherAndTheTeamPickerHaveTheirOwnKeys() {
        #expect(KeyMap.command(for: .character("a"), on: .gather) == .goal(.a, 1))
        #expect(KeyMap.command(for: .character("B"), on: .gather) == .goal(.b, -1))
        #expect(KeyMap.command(for: .character("t"), on: .gather) == .toggleTimer)
        #expect(KeyMap.command(for: .character("a"), on: .teamPicker) == .assign(.a))
        #expect(KeyMap.command(for: .character(" "), on: .teamPicker) == .assign(nil))
        #expect(KeyMap.command(for: .character("a"), on: .players) == UICommand.none)
        // The players list's selection mode: Space marks (elsewhere it pages down), c confirms.
        #expect(KeyMap.command(for: .character(" "), on: .players) == .toggleMark)
        #expect(KeyMap.command(for: .character(" "), on: .questions) == .movePage(1))
        #expect(KeyMap.command(for: .character("c"), on: .players) == .confirmMarked)
        #expect(KeyMap.command(for: .character(">"), on: .gather) == .stepTimerLength(1))
        #expect(KeyMap.command(for: .character("<"), on: .gather) == .stepTimerLength(-1))
    }

    /// Every key the help overlay names for a screen does something there.
    @Test(arguments: ScreenKind.allCases)
    func everyKeyTheHelpNamesDoesSomething(_ screen: ScreenKind) {
        for (keys, meaning) in KeyMap.help(for: screen) {
            for token in keys.split(separator: " ").map(String.init) where token != "type" {
                guard let key = Self.key(token) else {
                    Issue.record("\(screen): the help names '\(token)', which is not a key")
                    continue
                }
                #expect(KeyMap.command(for: key, on: screen) != UICommand.none, "\(screen): \(token) (\(meaning))")
            }
        }
    }

    static func key(_ token: String) -> Key? {
        switch token {
        case "Enter": .enter
        case "Esc": .escape
        case "Backspace": .backspace
        case "Tab": .tab
        case "Space": .character(" ")
        case "↑": .up
        case "↓": .down
        case "←": .left
        case "→": .right
        case "PgUp": .pageUp
        case "PgDn": .pageDown
        case "Home": .home
        case "End": .end
        case "1-5": .character("1")
        case "[", "]": .character(Character(token))
        default:
            if token.hasPrefix("Ctrl-"), token.count == 6 {
                .control(Character(token.suffix(1).lowercased()))
            } else if token.count == 1 {
                .character(Character(token))
            } else {
                nil
            }
        }
    }
}
