import ClubhouseTestSupport
import Foundation
import Testing

/// The article "Embedding Clubhouse" is code that runs: its blocks are the example program's, the
/// program is built with the tests, and what it prints (killed mid-edit, then restored and watching
/// another app) is checked here.
@Suite(.heavy) struct EmbeddingExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let example = root.appending(path: "Examples/Embedding/main.swift")
    static let article = root.appending(path: "Sources/Clubhouse/Clubhouse.docc/EmbeddingClubhouse.md")
    static let binary = ClubhouseProcess.binary.deletingLastPathComponent().appending(path: "EmbeddingExample")

    @Test func everyCodeBlockOfTheArticleIsInTheExample() throws {
        let program = try String(contentsOf: Self.example, encoding: .utf8)
        let blocks = try String(contentsOf: Self.article, encoding: .utf8).components(separatedBy: "```swift\n")
            .dropFirst().map { $0.components(separatedBy: "\n```")[0] }
        #expect(blocks.count >= 5)
        for block in blocks {
            // The program's functions indent their bodies by four spaces; the article does not.
            let indented = block.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
            #expect(program.contains(indented), "not in Examples/Embedding/main.swift:\n\(block)")
        }
    }

    @Test func theExampleIsKilledMidEditAndComesBackWhereItWas() throws {
        let folder = try TemporaryFolder()
        let database = folder.url.appending(path: "example.sqlite").path

        let start = try run(["start"], database)
        #expect(start.reason == .uncaughtSignal && start.status == SIGKILL)
        #expect(
            start.output == """
                signed in as ana on home/squad
                added player 1: Zoë, striker
                typed "Zoë O'Bri" into players/1/edit/name

                """)

        let resume = try run(["resume"], database)
        #expect(resume.reason == .exit && resume.status == 0)
        #expect(
            resume.output == """
                restored players > players/1 > players/1/edit/name, name "Zoë O'Bri"
                seen from elsewhere: library tab, players at players/1/edit/name

                """)
    }

    private func run(_ arguments: [String], _ database: String) throws
        -> (reason: Process.TerminationReason, status: Int32, output: String)
    {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = [database] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationReason, process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
