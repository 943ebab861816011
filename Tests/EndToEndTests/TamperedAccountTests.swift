import ClubhouseTestSupport
import Foundation
import Testing

/// Rows of users, sessions and players that the schema allows but the app does not expect:
/// never a crash, never a lock-out; the user can always log out and sign in again.
@Suite(.heavy) struct TamperedAccountTests {
    private func twoUsers(_ folder: TemporaryFolder) throws -> (ClubhouseProcess, String) {
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        // bob's row is copied from ana's: registering would cost a real scrypt hash.
        try sqlite(
            path,
            "INSERT INTO users (username, username_key, password_hash) SELECT 'bob', 'bob', password_hash FROM users WHERE id = 1"
        )
        return (clubhouse, path)
    }

    @Test func aSessionLeftByAUserDeletedOutsideTheAppDoesNotBlockSignIn() throws {
        let folder = try TemporaryFolder()
        let (clubhouse, path) = try twoUsers(folder)
        try sqlite(path, "PRAGMA foreign_keys = 0; DELETE FROM users WHERE id = 1")
        let whoami = try clubhouse.run(["whoami"])
        #expect(whoami.status == 1)
        #expect(
            whoami.stderr
                == "error: not signed in; sign in with: clubhouse login USERNAME (or create an account with: clubhouse register USERNAME)\n"
        )
        let login = try clubhouse.run(["login", "bob", "--password-stdin"], stdin: Fixtures.password)
        #expect(login.status == 0, "\(login.stderr)")
        #expect(try clubhouse.run(["whoami"]).stdout == "bob\n")
    }

    @Test func aUsernameThatIsNotTextStillSignsOut() throws {
        let folder = try TemporaryFolder()
        let (clubhouse, path) = try twoUsers(folder)
        try sqlite(path, "UPDATE users SET username = X'FFFE' WHERE id = 1")
        let whoami = try clubhouse.run(["whoami"])
        #expect(whoami.status == 0)
        #expect(!whoami.stdout.isEmpty)
        #expect(try clubhouse.run(["logout"]).status == 0)
        #expect(try clubhouse.run(["login", "bob", "--password-stdin"], stdin: Fixtures.password).status == 0)
    }

    @Test(arguments: [
        "'$scrypt$ln=30,r=8,p=1$c2FsdHNhbHQ=$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='",
        "'$scrypt$ln=17,r=1000000,p=1$c2FsdHNhbHQ=$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='", "X'00'", "42",
        "'plain text'",
    ])
    func aTamperedHashIsACleanErrorAndLocksOutNobodyElse(_ hash: String) throws {
        let folder = try TemporaryFolder()
        let (clubhouse, path) = try twoUsers(folder)
        try clubhouse.run(["logout"])
        try sqlite(path, "UPDATE users SET password_hash = \(hash) WHERE id = 1")
        let login = try clubhouse.run(["login", "ana", "--password-stdin"], stdin: Fixtures.password)
        #expect(login.status == 1)
        #expect(
            login.stderr
                == "error: the password of ana in the database cannot be read (the stored hash is malformed or its cost is out of bounds)\n"
        )
        #expect(try clubhouse.run(["login", "bob", "--password-stdin"], stdin: Fixtures.password).status == 0)
    }

    @Test func playersWithValuesOfTheWrongTypeAreStillListed() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.signedInDatabase(in: folder)
        let clubhouse = ClubhouseProcess(database: path)
        try clubhouse.addPlayers("Zoë", "Kai", "Lea")
        try sqlite(
            path,
            """
            PRAGMA ignore_check_constraints = 1;
            UPDATE players SET age = 'old', skill = 7, position = X'00' WHERE id = 1;
            UPDATE players SET name = 12345 WHERE id = 2;
            UPDATE players SET favourite_team = X'4C6976' WHERE id = 3;
            """)
        let list = try clubhouse.run(["player", "list", "--json"])
        #expect(list.status == 0, "\(list.stderr)")
        let players = try jsonArray(list.stdout)
        #expect(players.map { $0["name"] as? String } == ["Zoë", "12345", "Lea"])
        #expect(players[0]["age"] is NSNull && players[0]["skill"] is NSNull && players[0]["position"] is NSNull)
        #expect(players[2]["favouriteTeam"] as? String == "Liv")
        for id in ["1", "2", "3"] {
            #expect(try clubhouse.run(["player", "show", id]).status == 0)
        }
    }
}

@Suite(.heavy) struct TamperedUpgradeTests {
    /// A schema-3 file (made by the previous release) holding a row whose user was deleted with
    /// foreign keys off: the upgrade still runs, and the other user signs in.
    @Test func aBrokenForeignKeyDoesNotStopTheUpgrade() throws {
        let folder = try TemporaryFolder()
        let path = try Fixtures.copy("schema-3-colliding-usernames.sqlite", in: folder)
        #expect(try sqlite(path, "PRAGMA user_version") == "3")
        // User 2 is signed in there: their session and navigation are left pointing at nobody.
        try sqlite(path, "PRAGMA foreign_keys = 0; DELETE FROM users WHERE id = 2")
        let clubhouse = ClubhouseProcess(database: path)
        let whoami = try clubhouse.run(["whoami"])
        #expect(
            whoami.stderr
                == "error: not signed in; sign in with: clubhouse login USERNAME (or create an account with: clubhouse register USERNAME)\n"
        )
        #expect(try sqlite(path, "PRAGMA user_version") == "\(newestSchema)")
        let check = try clubhouse.run(["check"])
        #expect(check.stdout.contains("problem: sessions row 1: user_id refers to a users row that does not exist\n"))
        #expect(check.status == 1)
    }

    @Suite(.heavy) struct TamperedEditTests {
        /// An edit writes the field it edits: a value this version could not read (and showed as
        /// none) is not replaced by none.
        @Test func editingOneFieldLeavesTheOthersAsStored() throws {
            let folder = try TemporaryFolder()
            let path = try Fixtures.signedInDatabase(in: folder)
            let clubhouse = ClubhouseProcess(database: path)
            try clubhouse.addPlayers("Zoë")
            try sqlite(
                path,
                "PRAGMA ignore_check_constraints = 1; UPDATE players SET age = 'abc', skill = 'legendary' WHERE id = 1")
            let edit = try clubhouse.run(["player", "edit", "1", "--name", "Zed"])
            #expect(edit.status == 0, "\(edit.stderr)")
            #expect(try sqlite(path, "SELECT name, age, skill FROM players WHERE id = 1") == "Zed|abc|legendary")
        }
    }
}
