import ClubhouseTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `player add` on a terminal: a prompt per missing field, every answer kept in the form's draft
/// at once, so that a killed process loses nothing already answered.
@Suite(.heavy) struct FormDraftTests {
    static let name = "Name (1–100 characters): "
    static let age = "Age (5–99, empty for none): "
    static let skill = "Skill (beginner, amateur, professional, empty for none): "
    static let position = "Position (goalkeeper, defender, midfielder, winger, striker, empty for none): "
    static let team = "Favourite team (up to 100 characters, empty for none): "
    static let shirt = "Shirt number (1–99, empty for none): "

    /// The open form's draft as `nav --json` shows it, from another process.
    private func draft(_ clubhouse: ClubhouseProcess) throws -> [String: String]? {
        (try clubhouse.navigation()["drafts"] as? [String: [String: String]])?["players/new"]
    }

    @Test func theFormAsksForEachFieldInOrderAndSavesEachAnswerAtOnce() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        let run = try clubhouse.runInTerminal(
            ["player", "add"],
            answering: [
                Turn(Self.name, "Zoë O'Brien"),
                // Each prompt shows once the previous answer is committed: another process sees it.
                Turn(Self.age, "abc") { () throws in #expect(try draft(clubhouse) == ["name": "Zoë O'Brien"]) },
                Turn(Self.age, "4"),
                Turn(Self.age, "27"),
                Turn(Self.skill, "wizard") { () throws in
                    #expect(try draft(clubhouse) == ["name": "Zoë O'Brien", "age": "27"])
                },
                Turn(Self.skill, "amateur"),
                Turn(Self.position, "striker") { () throws in
                    #expect(try draft(clubhouse) == ["name": "Zoë O'Brien", "age": "27", "skill": "amateur"])
                    #expect(try sqlite(path, "SELECT count(*) FROM players") == "0")
                },
                Turn(Self.team, "Boca Juniors"), Turn(Self.shirt, ""),
            ])
        #expect(run.result.status == 0, "\(run.result.stderr)")
        #expect(run.result.stdout == "Added player 1: Zoë O'Brien.\n")
        #expect(
            run.result.stderr
                == Self.name + Self.age + "note: age must be a whole number\n" + Self.age
                + "note: age must be between 5 and 99\n" + Self.age + Self.skill
                + "note: skill must be one of: beginner, amateur, professional\n" + Self.skill + Self.position
                + Self.team + Self.shirt)
        #expect(run.echoed.contains("Zoë O'Brien"))  // a form's answers are not secret

        let player = try jsonObject(try clubhouse.run(["player", "show", "1", "--json"]).stdout)
        #expect(player["name"] as? String == "Zoë O'Brien")
        #expect(player["age"] as? Int == 27)
        #expect(player["skill"] as? String == "amateur")
        #expect(player["position"] as? String == "striker")
        #expect(player["favouriteTeam"] as? String == "Boca Juniors")
    }

    /// While the form asks, another process signs in someone else and opens the same form: the
    /// next answer is refused instead of landing in that user's draft.
    @Test func anAnswerNeverLandsInAnotherUsersForm() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        let bob = ["bob", "--password-stdin"]
        #expect(try clubhouse.run(["logout"]).status == 0)
        #expect(try clubhouse.run(["register", "--no-login"] + bob, stdin: "b0b-password\n").status == 0)
        #expect(try clubhouse.run(["login", "ana", "--password-stdin"], stdin: Fixtures.password + "\n").status == 0)
        let run = try clubhouse.runInTerminal(
            ["player", "add"],
            answering: [
                Turn(Self.name, "Ana's"),
                Turn(Self.age, "30") { () throws in
                    #expect(try clubhouse.run(["logout"]).status == 0)
                    #expect(try clubhouse.run(["login"] + bob, stdin: "b0b-password\n").status == 0)
                    #expect(try clubhouse.run(["open", "players/new"]).status == 0)
                },
            ])
        #expect(run.result.status == 1)
        #expect(
            run.result.stderr.hasSuffix(
                "error: players/new is no longer on show as this command left it (another command changed or closed it, or signed in); nothing more was typed into it\n"
            ))
        #expect(try clubhouse.navigation()["user"] as? String == "bob")
        #expect(try draft(clubhouse) == [:])
        #expect(try sqlite(path, "SELECT count(*) FROM players") == "0")
    }

    /// While the form asks, another process backs out of it (ending its draft) and opens the same
    /// form again: that is not this prompt's form any more, so its next answer is refused.
    @Test func anAnswerNeverLandsInTheSameFormOpenedAgainElsewhere() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        let run = try clubhouse.runInTerminal(
            ["player", "add"],
            answering: [
                Turn(Self.name, "Alice"),
                Turn(Self.age, "30"),
                Turn(Self.skill, "professional") { () throws in
                    #expect(try clubhouse.run(["back"]).status == 0)
                    #expect(try clubhouse.run(["open", "players/new"]).status == 0)
                },
            ])
        #expect(run.result.status == 1)
        #expect(run.result.stderr.contains("error: players/new is no longer on show as this command left it"))
        #expect(try draft(clubhouse) == [:])
        #expect(try sqlite(path, "SELECT count(*) FROM players") == "0")
    }

    @Test func afterTheLastAnswerTheFormClosesOnThePlayersList() throws {
        let folder = try TemporaryFolder()
        let clubhouse = ClubhouseProcess(database: try Fixtures.signedInDatabase(in: folder))
        #expect(try clubhouse.run(["tab", "library"]).status == 0)
        let run = try clubhouse.runInTerminal(
            ["player", "add"],
            answering: [
                Turn(Self.name, "Kai"), Turn(Self.age, ""), Turn(Self.skill, ""), Turn(Self.position, ""),
                Turn(Self.team, ""), Turn(Self.shirt, ""),
            ])
        #expect(run.result.status == 0, "\(run.result.stderr)")
        #expect(run.result.stdout == "Added player 1: Kai.\n")
        let state = try clubhouse.navigation()
        #expect(state["tab"] as? String == "players")
        #expect(state["stack"] as? [String] == ["players"])
        #expect(state["drafts"] as? [String: [String: String]] == [:])
        #expect(stacks(state)?["library"] == ["library"])
        // Empty answers are "none".
        let player = try jsonObject(try clubhouse.run(["player", "show", "1", "--json"]).stdout)
        #expect(player["age"] is NSNull && player["skill"] is NSNull)
        #expect(player["position"] is NSNull && player["favouriteTeam"] is NSNull)
    }

    /// Answers name and age, then kills the process at the next prompt once the age is stored.
    private func killedAfterNameAndAge(_ path: String, name: String = "Zoë", age: String = "27") throws
        -> ClubhouseProcess.Result
    {
        try ClubhouseProcess(database: path).runInTerminal(
            ["player", "add"], answering: [Turn(Self.name, name), Turn(Self.age, age)]
        ) { process in
            let stored = waitUntil {
                ((try? sqlite(path, "SELECT stacks FROM navigation_state")) ?? "").contains(#""age":"\#(age)""#)
            }
            #expect(stored, "the age never reached the draft")
            kill(process.processIdentifier, SIGKILL)
        }.result
    }

    @Test func aKilledFormKeepsItsAnswersAndTheNextRunAsksOnlyForTheRest() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        let killed = try killedAfterNameAndAge(path)
        #expect(killed.status != 0)
        #expect(killed.stdout.isEmpty)
        #expect(try sqlite(path, "SELECT count(*) FROM players") == "0")

        let state = try clubhouse.navigation()
        #expect(state["tab"] as? String == "players")
        #expect(state["stack"] as? [String] == ["players", "players/new"])
        #expect(state["drafts"] as? [String: [String: String]] == ["players/new": ["name": "Zoë", "age": "27"]])
        let human = try clubhouse.run(["nav"]).stdout
        let draftLine = try #require(human.split(separator: "\n").first { $0.hasPrefix("draft players/new: ") })
        #expect(draftLine.contains(#"name="Zoë""#) && draftLine.contains(#"age="27""#))
        #expect(!draftLine.contains("skill"))

        let resumed = try clubhouse.runInTerminal(
            ["player", "add"],
            answering: [Turn(Self.skill, ""), Turn(Self.position, "winger"), Turn(Self.team, ""), Turn(Self.shirt, "")])
        #expect(resumed.result.status == 0, "\(resumed.result.stderr)")
        #expect(resumed.result.stdout == "Added player 1: Zoë.\n")
        #expect(
            resumed.result.stderr
                == "note: resuming your draft (name, age already filled; --discard-draft starts afresh)\n"
                + Self.skill + Self.position + Self.team + Self.shirt)
        let player = try jsonObject(try clubhouse.run(["player", "show", "1", "--json"]).stdout)
        #expect(player["name"] as? String == "Zoë")
        #expect(player["age"] as? Int == 27)
        #expect(player["skill"] is NSNull)
        #expect(player["position"] as? String == "winger")
        #expect(try draft(clubhouse) == nil)
    }

    @Test func discardDraftStartsFromAnEmptyForm() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        _ = try killedAfterNameAndAge(path)
        #expect(try draft(clubhouse) == ["name": "Zoë", "age": "27"])

        let run = try clubhouse.runInTerminal(
            ["player", "add", "--discard-draft"],
            answering: [
                Turn(Self.name, "Kai") { () throws in #expect(try draft(clubhouse) == [:]) },
                Turn(Self.age, ""), Turn(Self.skill, ""), Turn(Self.position, ""), Turn(Self.team, ""),
                Turn(Self.shirt, ""),
            ])
        #expect(run.result.status == 0, "\(run.result.stderr)")
        #expect(!run.result.stderr.contains("resuming"))
        #expect(run.result.stderr.hasPrefix(Self.name))
        let player = try jsonObject(try clubhouse.run(["player", "show", "1", "--json"]).stdout)
        #expect(player["name"] as? String == "Kai")
        #expect(player["age"] is NSNull)
    }

    @Test func optionsGivenOnATerminalFillTheDraftAndAreNotAsked() throws {
        let folder = try TemporaryFolder()
        let clubhouse = ClubhouseProcess(database: try Fixtures.signedInDatabase(in: folder))
        let run = try clubhouse.runInTerminal(
            ["player", "add", "--age", "30", "--position", "defender"],
            answering: [
                Turn(Self.name, "Ada") { () throws in
                    #expect(try draft(clubhouse) == ["age": "30", "position": "defender"])
                },
                Turn(Self.skill, "professional"), Turn(Self.team, "Santos"), Turn(Self.shirt, ""),
            ])
        #expect(run.result.status == 0, "\(run.result.stderr)")
        #expect(run.result.stderr == Self.name + Self.skill + Self.team + Self.shirt)
        let player = try jsonObject(try clubhouse.run(["player", "show", "1", "--json"]).stdout)
        #expect(player["name"] as? String == "Ada")
        #expect(player["age"] as? Int == 30)
        #expect(player["position"] as? String == "defender")
        #expect(player["favouriteTeam"] as? String == "Santos")
    }

    @Test func addWithANameUsesTheDraftForFieldsNotGivenAndSaysSo() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        _ = try killedAfterNameAndAge(path)

        let result = try clubhouse.run(["player", "add", "--name", "Kai", "--position", "winger"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Added player 1: Kai.\n")
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.hasPrefix("note: used the draft's age"))
        let player = try jsonObject(try clubhouse.run(["player", "show", "1", "--json"]).stdout)
        #expect(player["name"] as? String == "Kai")  // the command line wins over the draft
        #expect(player["age"] as? Int == 27)
        #expect(player["position"] as? String == "winger")
        #expect(try draft(clubhouse) == nil)
    }

    @Test func addWithANameAndDiscardDraftIgnoresTheDraft() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        _ = try killedAfterNameAndAge(path)

        let result = try clubhouse.run(["player", "add", "--name", "Kai", "--discard-draft", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let player = try jsonObject(result.stdout)
        #expect(player["name"] as? String == "Kai")
        #expect(player["age"] is NSNull)
    }

    @Test func backOnTheFormDiscardsItsDraft() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        _ = try killedAfterNameAndAge(path)

        #expect(try clubhouse.run(["back"]).status == 0)
        var state = try clubhouse.navigation()
        #expect(state["stack"] as? [String] == ["players"])
        #expect(state["drafts"] as? [String: [String: String]] == [:])
        #expect(!(try sqlite(path, "SELECT stacks FROM navigation_state")).contains("Zoë"))

        // The form opens empty again, and a terminal run starts at the name.
        state = try jsonObject(try clubhouse.run(["open", "players/new", "--json"]).stdout)
        #expect(state["drafts"] as? [String: [String: String]] == ["players/new": [:]])
        let run = try clubhouse.runInTerminal(
            ["player", "add"],
            answering: [
                Turn(Self.name, "Kai"), Turn(Self.age, ""), Turn(Self.skill, ""), Turn(Self.position, ""),
                Turn(Self.team, ""), Turn(Self.shirt, ""),
            ])
        #expect(run.result.status == 0, "\(run.result.stderr)")
        #expect(run.result.stderr.hasPrefix(Self.name))
    }

    @Test func withoutATerminalANameIsRequiredAndTheDraftIsLeftAlone() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        _ = try killedAfterNameAndAge(path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let result = try ClubhouseProcess(database: path).run(["player", "add", "--age", "30"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: "))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
}
