import Clubhouse

/// The login and register screens: a username and a password, the password shown as one • a
/// character typed (its text is never part of a display, so never of a frame).
enum LoginDrawing {
    static func draw(_ frame: inout Frame, _ display: Display, _ layout: Layout) {
        let register = display.screen == .register
        let left = max(2, frame.width / 2 - 24)
        let top = max(3, frame.height / 2 - 5)
        frame.put(register ? "Create an account" : "Sign in", row: top, column: left, style: .heading)
        // While the answer is on its way the line says so, not what stood before the Enter.
        let subtitle =
            display.login.sending
            ? (register ? "Creating the account…" : "Signing in…")
            : register ? "Usernames: letters, digits, . _ -; passwords: 8 characters or more." : "Signed out."
        frame.put(subtitle, row: top + 1, column: left, style: .dim)
        let fields = [
            ("Username", display.login.username),
            ("Password", String(repeating: "•", count: display.login.passwordLength)),
        ]
        for (index, (label, value)) in fields.enumerated() {
            let row = top + 3 + index * 2
            let focused = display.focus == index
            frame.put(focused ? "▶" : " ", row: row, column: left - 2, style: .marker)
            frame.put(label, row: row, column: left, style: .bold)
            let room = frame.width - left - 14
            let shown = FormDrawing.tail(value, room: room)
            let used = frame.put(shown, row: row, column: left + 11, style: focused ? .input : .plain)
            if focused { frame.put("█", row: row, column: left + 11 + used) }
        }
        if register {
            // The tab this account's sign-ins land on, this first one's included (← → picks).
            frame.put("Lands on", row: top + 7, column: left, style: .bold)
            var column = left + 10
            for tab in Tab.allCases {
                column += frame.put(
                    " \(tab.title) ", row: top + 7, column: column,
                    style: tab == display.login.landing ? .selectedTab : .dim)
            }
        }
        frame.put(
            register ? "Esc or Ctrl-R: sign in to an existing account" : "Ctrl-R: create an account",
            row: top + 9, column: left, style: .dim)
    }
}
