import ClubhouseTestSupport
import Foundation
import Testing

/// The password prompt on a real (pseudo-)terminal.
@Suite(.heavy) struct PasswordPromptTests {
    @Test func registerAndLoginAskWithoutEchoing() throws {
        let folder = try TemporaryFolder()
        let clubhouse = ClubhouseProcess(database: folder.path("db.sqlite"))

        let register = try clubhouse.runInTerminal(
            ["register", "ana", "--no-login"], typing: ["typed-secret", "typed-secret"])
        #expect(register.result.status == 0, "\(register.result.stderr)")
        #expect(register.result.stderr == "Password: \nRepeat password: \n")
        #expect(!register.echoed.contains("typed-secret"))

        let login = try clubhouse.runInTerminal(["login", "ana"], typing: ["typed-secret"])
        #expect(login.result.status == 0, "\(login.result.stderr)")
        #expect(login.result.stdout == "Signed in as ana.\n")
        #expect(!login.echoed.contains("typed-secret"))
    }

    @Test func mismatchedRepeatsRegisterNobody() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("db.sqlite")
        let run = try ClubhouseProcess(database: path).runInTerminal(
            ["register", "ana"], typing: ["first-secret", "other-secret"])
        #expect(run.result.status == 1)
        #expect(run.result.stderr.hasSuffix("error: the passwords do not match\n"))
        #expect(!FileManager.default.fileExists(atPath: path), "a refused register creates no database")
    }

    @Test func interruptingThePromptLeavesTheTerminalEchoing() throws {
        let folder = try TemporaryFolder()
        let terminal = try PseudoTerminal()
        #expect(terminal.echoes)
        let run = try ClubhouseProcess(database: folder.path("db.sqlite")).runInTerminal(
            ["register", "ana"], typing: ["typed-secret"], interruptAtLastPrompt: true, terminal: terminal)
        #expect(run.result.status == 128 + SIGINT)
        #expect(terminal.echoes)
        #expect(!FileManager.default.fileExists(atPath: folder.path("db.sqlite")))
    }
}
