import ClubhouseTestSupport
import Foundation
import Testing

/// Every client of the library uses its public API and nothing else. Inside this package the
/// layers' `package` declarations are visible to every module, so the compiler alone would not
/// notice the CLI reaching for a coordinator or a store; this test type-checks each client's
/// sources as a module outside the package would see them: against the built modules, without
/// the package's name, so only `public` declarations resolve.
@Suite struct PublicAPITests {
    static let root = EmbeddingExampleTests.root

    @Test(arguments: [
        "Sources/ClubhouseCLI", "Sources/Terminal", "Sources/Text", "Examples/Embedding", "Tests/ClubhouseTests",
    ])
    func aClientTypeChecksAgainstThePublicAPIAlone(_ folder: String) throws {
        let sources = try FileManager.default.subpathsOfDirectory(atPath: Self.root.appending(path: folder).path)
            .filter { $0.hasSuffix(".swift") }.map { Self.root.appending(path: folder).appending(path: $0).path }
        #expect(!sources.isEmpty)
        for source in sources {
            let text = try String(contentsOfFile: source, encoding: .utf8)
            let ours = ["Domain", "Navigation", "Features", "Persistence", "Security", "Schema"].map {
                "Clubhouse" + $0
            }
            for module in ours {
                #expect(!text.contains("import \(module)\n"), "\(source) imports \(module): use import Clubhouse")
            }
            #expect(!text.contains("@testable"), "\(source) uses @testable")
        }

        let modules = ClubhouseProcess.binary.deletingLastPathComponent().appending(path: "Modules")
        var arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path]
        // The library's internal imports reach GRDB, whose SQLite module is a C module map.
        if let map = Self.moduleMap("GRDB.swift/Sources/GRDBSQLite/module.modulemap") {
            arguments += ["-Xcc", "-fmodule-map-file=\(map)"]
        }
        if folder != "Examples/Embedding" { arguments.append("-parse-as-library") }
        let result = try Self.run(arguments + sources)
        #expect(result.status == 0, "\(folder) does not type-check against the public API:\n\(result.output)")
    }

    /// A file of a checked-out dependency, found upward from the build folder.
    static func moduleMap(_ relative: String) -> String? {
        var folder = ClubhouseProcess.binary.resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appending(path: "checkouts").appending(path: relative)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate.path }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
