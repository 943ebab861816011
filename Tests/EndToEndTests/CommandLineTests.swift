import ClubhouseTestSupport
import Foundation
import Testing

/// What ArgumentParser gives every command: help, the version, completion scripts and usage
/// errors, with the binary.
@Suite(.heavy) struct CommandLineTests {
    private let clubhouse = ClubhouseProcess(database: "/nonexistent/never-opened.sqlite")

    @Test func versionNamesTheSchemaItWrites() throws {
        let result = try clubhouse.run(["--version"], useDatabaseOption: false)
        #expect(result.status == 0)
        #expect(result.stdout == "clubhouse 0.10.0 (schema \(newestSchema))\n")
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsGenerate(_ shell: String) throws {
        let result = try clubhouse.run(["--generate-completion-script", shell], useDatabaseOption: false)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        for command in ["register", "player", "gather", "check", "backup"] {
            #expect(result.stdout.contains(command), "\(shell) script lacks \(command)")
        }
    }

    /// `--database` completes file names: bash offers files (`-f`) after it.
    @Test func theDatabaseOptionCompletesFileNames() throws {
        let bash = try clubhouse.run(["--generate-completion-script", "bash"], useDatabaseOption: false).stdout
        #expect(bash.contains("'--database')\n        __clubhouse_add_completions -f"))
    }

    @Test func helpIsArgumentParsersForTheRootAndEveryLeaf() throws {
        let root = try clubhouse.run(["--help"], useDatabaseOption: false)
        #expect(root.status == 0)
        #expect(root.stdout.hasPrefix("OVERVIEW: Football Gather and BookKitty, kept in SQLite between runs."))
        let leaf = try clubhouse.run(["player", "add", "--help"], useDatabaseOption: false)
        #expect(leaf.status == 0)
        #expect(leaf.stdout.contains("USAGE: clubhouse player add [--database <path>]"))
        #expect(try clubhouse.run(["help", "player", "add"], useDatabaseOption: false).stdout == leaf.stdout)
    }

    /// A mistake in a leaf's arguments gets the message a parse from the root gives.
    @Test func usageErrorsNameTheWholeCommand() throws {
        let result = try clubhouse.run(["player", "show", "x"], useDatabaseOption: false)
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix(
                "error: The value 'x' is invalid for '<id>'\nHelp:  <id>  The player's id, as printed by 'player add' and 'player list'.\nUsage: clubhouse player show"
            ))
        let unknown = try clubhouse.run(["plyer", "list"], useDatabaseOption: false)
        #expect(unknown.status == 64)
        #expect(
            unknown.stderr.hasPrefix(
                "error: Unknown command 'plyer'. Did you mean 'player'?\nUsage: clubhouse <subcommand>\n"))
    }
}

@Suite(.heavy) struct BuiltInOutputTests {
    /// Help, the version and completion scripts are output too: a full disk is an error.
    @Test(arguments: [["--version"], ["--help"], ["player", "--help"], ["--generate-completion-script", "bash"]])
    func aFullDiskUnderBuiltInOutputFails(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = ClubhouseProcess.binary
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(stderr == "error: cannot write the output (No space left on device)\n")
    }
}
