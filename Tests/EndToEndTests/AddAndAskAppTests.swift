import ClubhouseTestSupport
import Foundation
import Testing

/// The full-screen app in tmux, for what issue 30 changed in its driver's keys: one add over
/// every tab, fixed values picked with arrows, and a y/n question that takes only its answers.
@Suite(.heavy) struct AddAndAskAppTests {
    let fixture: TerminalAppFixture
    init() throws { fixture = try TerminalAppFixture() }

    @Test func plusOnHomeAsksAQuestionAndArrowsPickASkill() throws {
        try fixture.register()
        let pane = try TmuxPane(fixture.app())
        #expect(pane.wait(for: "signed in as ana").found)
        try pane.send("+")
        #expect(pane.wait(for: "q  Ask a question").found)
        try pane.send("q")
        #expect(pane.wait(for: "questions/new").found)
        // Cancelled, the ask flow lands on the questions tab, as a cancel there always has.
        try pane.send("Escape")
        #expect(pane.wait { !$0.contains("questions/new") }.found)
        try pane.send("1")
        #expect(pane.wait(for: "home/squad").found)
        try pane.send("n")
        #expect(pane.wait(for: "p  Add a player").found)
        try pane.send("p")
        #expect(pane.wait(for: "New player").found)
        try pane.type("Kai")
        try pane.send("Tab", "Tab", "Right", "Right")
        #expect(pane.wait(for: "amateur█").found)
        try pane.send("C-s")
        #expect(pane.wait(for: "added player #1").found)
        try pane.send("q")
        #expect(pane.wait(for: "EXIT 0").found)
        #expect(try fixture.cli.run(["player", "show", "1"]).stdout.contains("Skill: amateur"))
    }

    @Test func aQuestionTakesOnlyItsAnswers() throws {
        try fixture.register()
        let pane = try TmuxPane(fixture.app())
        #expect(pane.wait(for: "signed in as ana").found)
        try pane.send("2", "n")
        #expect(pane.wait(for: "New player").found)
        try pane.type("Zo")
        try pane.send("Escape")
        #expect(pane.wait(for: "drop what is typed into this form? (y/n)").found)
        // Keys that are no answer are ignored: the question stays, the field is as it was.
        try pane.type("xë")
        try pane.send("Space", "BSpace")
        #expect(pane.wait(for: "(y/n)").found)
        try pane.send("n")
        let kept = pane.wait { !$0.contains("(y/n)") && $0.contains("Zo█") }
        #expect(kept.found, "\(kept.screen)")
        try pane.send("Escape")
        #expect(pane.wait(for: "(y/n)").found)
        try pane.send("y")
        #expect(pane.wait(for: "Players (0)").found)
        try pane.send("q")
        #expect(pane.wait(for: "EXIT 0").found)
    }
}
