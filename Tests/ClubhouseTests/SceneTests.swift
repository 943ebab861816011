import Clubhouse
import Foundation
import Testing

/// Scenes, as an iPad app has windows: one user, one set of data, a navigation state per scene.
@Suite struct SceneTests {
    private func signedIn(_ file: TemporaryFile, scene: SceneName = .main) throws -> ClubhouseApp {
        try registered(in: file, scene: scene)
    }

    @Test func twoScenesKeepTheirOwnPlaceAndShareTheData() throws {
        let file = try TemporaryFile()
        let main = try signedIn(file)
        try main.open("players/new")
        try main.type([("name", "Zoë")])

        let side = try ClubhouseApp(path: file.path, scene: try SceneName("side-2"))
        #expect(try side.signedInUser()?.username == "ana")
        #expect(try side.state()?.currentPlace == "home/squad")
        try side.open("library")
        try side.open("players/new")
        #expect(try side.state()?.currentScreen.draft?.isEmpty ?? true, "a draft belongs to its scene")
        try side.submit([("name", "Kai")])

        // The main scene is where it was, draft and all, and sees the player the other added.
        let state = try #require(try main.state())
        #expect(state.currentScreen == ScreenState(path: "players/new", draft: FormDraft(["name": "Zoë"])))
        try main.back()
        guard case .players(let window) = try main.readWindow(count: 5) else {
            Issue.record("expected the players list")
            return
        }
        #expect(window.rows.map(\.name) == ["Kai"])

        let list = try main.scenes()
        #expect(list.scenes.map(\.name.rawValue) == ["main", "side-2"])
        #expect(list.scenes.map(\.screen) == ["players", "players"])
        #expect(list.warnings.isEmpty)

        // Each scene undoes its own changes only.
        try side.undo()
        #expect(try side.state()?.currentScreen.path == "players/new")
        #expect(try main.state()?.currentScreen.path == "players")
        let sideHistory = try side.look(.history(limit: 10))
        let mainHistory = try main.look(.history(limit: 10))
        guard case .history(let sideEntries) = sideHistory.result, case .history(let mainEntries) = mainHistory.result
        else {
            Issue.record("expected histories")
            return
        }
        #expect(sideEntries.map(\.to) == ["players/new", "players", "players/new", "library"])
        #expect(mainEntries.map(\.to) == ["players", "players/new"])
    }

    @Test func closingASceneForgetsItsStateAndJournalOnly() throws {
        let file = try TemporaryFile()
        let main = try signedIn(file)
        try main.open("questions")
        let work = try ClubhouseApp(path: file.path, scene: try SceneName("Work"))
        try work.open("library")

        try main.closeScene(try SceneName("Work"))
        #expect(try main.scenes().scenes.map(\.name.rawValue) == ["main"])
        #expect(throws: ClubhouseError.noScene(try SceneName("Work"))) { try main.closeScene(try SceneName("Work")) }
        #expect(throws: ClubhouseError.noScene(try SceneName("work"))) { try main.closeScene(try SceneName("work")) }
        // A closed scene starts again at home, with nothing to undo.
        #expect(try work.state()?.currentPlace == "home/squad")
        #expect(throws: ClubhouseError.nothingToUndo) { try work.undo() }
        #expect(try main.state()?.currentScreen.path == "questions")

        // Even the scene the app shows, and main: its next command starts at home.
        try main.closeScene(.main)
        #expect(try main.state()?.currentPlace == "home/squad")
        #expect(try main.signedInUser()?.username == "ana", "closing a scene does not sign out")
    }

    @Test func signingOutInOneSceneSignsOutEveryScene() throws {
        let file = try TemporaryFile()
        let main = try signedIn(file)
        try main.open("library")
        let side = try ClubhouseApp(path: file.path, scene: try SceneName("side"))
        try side.open("questions")
        try side.signOut()
        #expect(try main.state() == nil)
        try main.signIn(username: "ana", password: "s3cret-pass")
        #expect(try main.state()?.currentPlace == "home/squad", "signing out forgot every scene")
        #expect(try main.scenes().scenes.map(\.name.rawValue) == ["main"])
    }

    @Test(arguments: ["main", "a", "Work_2", "x-y", String(repeating: "z", count: 32)])
    func aSceneNameIsLettersDigitsDashAndUnderscore(name: String) throws {
        #expect(try SceneName(name).rawValue == name)
    }

    @Test(arguments: ["", " main", "a b", "é", "a/b", "main\n", String(repeating: "z", count: 33), "🙂", "-x", "_a"])
    func otherNamesAreRefusedWithTheRule(name: String) {
        #expect(throws: ClubhouseError.self) { try SceneName(name) }
        #expect(!SceneName.isValid(name))
    }

    @Test func scenesNeedSomeoneSignedIn() throws {
        let app = try ClubhouseApp.inMemory(scene: try SceneName("side"))
        #expect(app.scene.rawValue == "side")
        #expect(throws: ClubhouseError.notSignedIn) { try app.scenes() }
        #expect(throws: ClubhouseError.notSignedIn) { try app.closeScene(.main) }
    }

    @Test func aTamperedSceneCostsOnlyItself() throws {
        let file = try TemporaryFile()
        let main = try signedIn(file)
        try main.open("library")
        for name in ["side", "w"] { try ClubhouseApp(path: file.path, scene: try SceneName(name)).open("questions") }
        try sqlite3(
            file.path,
            """
            PRAGMA ignore_check_constraints = 1;
            UPDATE navigation_state SET scene = 'bad name' WHERE scene = 'side';
            UPDATE navigation_state SET stacks = '{"players": 5, "questions": [{"path": "questions"}]}' WHERE scene = 'w';
            """)
        let list = try main.scenes()
        #expect(list.scenes.map(\.name.rawValue) == ["main", "w"])
        #expect(list.warnings == ["a saved scene whose name is not a scene name was left out"])
        #expect(try main.look().warnings.isEmpty)
        #expect(try main.state()?.currentScreen.path == "library")

        let w = try ClubhouseApp(path: file.path, scene: try SceneName("w"))
        #expect(try w.look().warnings == ["the players tab's stack is not a list; the tab starts at players again"])
        #expect(try w.state()?.currentScreen.path == "questions")

        let report = try ClubhouseApp.check(try .init(path: file.path))
        #expect(report.problems.contains { $0.hasPrefix("navigation_state row") && $0.contains("scene") })
        #expect(
            report.problems.contains(
                "navigation_state of user 1, scene w: the players tab's stack is not a list; the tab starts at players again"
            ))
        // Signing out forgets every scene of the user, the tampered one too.
        try main.signOut()
        try main.signIn(username: "ana", password: "s3cret-pass")
        #expect(try main.scenes().warnings.isEmpty)
    }
}
