import Clubhouse
import Foundation
import Testing

@testable import ClubhouseTerminal

/// Colour only when the terminal has it and NO_COLOR is unset or empty: the driver's choice, and
/// what it means for the bytes a frame is written with.
@Suite struct ColourTests {
    /// The SGR parameters of every escape `bytes` hold (`ESC [ … m`).
    static func styles(_ bytes: [UInt8]) -> [String] {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.matches(of: /\x{1B}\[([0-9;]*)m/).map { String($0.output.1) }
    }

    /// Whether any of `styles` sets a foreground colour (30–37).
    static func hasColour(_ styles: [String]) -> Bool {
        styles.contains { $0.split(separator: ";").contains { (30...37).contains(Int($0) ?? 0) } }
    }

    @Test(arguments: [
        (["TERM": "xterm-256color"], true),
        (["TERM": "screen"], true),
        (["TERM": "vt100", "COLORTERM": "truecolor"], true),
        (["TERM": "xterm-256color", "NO_COLOR": ""], true),
        (["TERM": "xterm-256color", "NO_COLOR": "1"], false),
        (["TERM": "vt100", "COLORTERM": "truecolor", "NO_COLOR": "yes"], false),
        (["TERM": "vt100"], false),
        (["TERM": "vt220"], false),
        ([:], false),
    ])
    func theDriverUsesColourOnlyWhereTheTerminalHasItAndNoColorIsUnset(
        _ environment: [String: String], _ colour: Bool
    ) {
        #expect(TerminalApp.usesColour(environment: environment) == colour)
    }

    /// A whole frame (the players list: a title, a heading, a selected row, the keys) written for
    /// each environment: colour sequences only with colour; without, styles are bold, underline
    /// and reverse video.
    @Test func framesAreWrittenWithColourOnlyWhenTheDriverChoseIt() throws {
        let app = try ClubhouseApp.inMemory(hashingCost: .testing)
        try app.register(username: "ana", password: "s3cret-pass", signingIn: true)
        try app.open("players/new")
        try app.submit([("name", "Zoë")])
        let session = try TerminalSession(app: app, layout: Layout(width: 80, height: 24), clock: { 0 })
        session.apply(.move(1))  // a message and a selected row besides the title
        let frame = session.frame()

        for environment in [["TERM": "xterm-256color", "NO_COLOR": "1"], ["TERM": "vt100"]] {
            let diff = FrameDiff(colours: TerminalApp.usesColour(environment: environment))
            let styles = Self.styles(diff.bytes(from: nil, to: frame))
            #expect(!Self.hasColour(styles), "\(environment): \(styles)")
            #expect(styles.contains("0;1") && styles.contains("0;7"), "bold and reverse video still show")
        }
        let coloured = FrameDiff(colours: TerminalApp.usesColour(environment: ["TERM": "xterm-256color"]))
        #expect(Self.hasColour(Self.styles(coloured.bytes(from: nil, to: frame))))
    }
}
