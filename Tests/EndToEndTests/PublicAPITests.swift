import ClubhouseTestSupport
import Foundation
import Testing

/// Every client of the library uses its public API and nothing else. Inside this package the
/// layers' `package` declarations are visible to every module, so the compiler alone would not
/// notice the CLI reaching for a coordinator or a store; this test type-checks each client's
/// sources as a module outside the package would see them: against the built modules, without
/// the package's name, so only `public` declarations resolve. The CLI imports `Clubhouse` and
/// `ClubhouseSync` (sync's public face, whose HTTP client it imports internally) and no layer.
@Suite(.heavy) struct PublicAPITests {
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
            for module in ["ClubhouseSyncWire", "AsyncHTTPClient", "NIOCore"] {
                #expect(!text.contains("import \(module)\n"), "\(source) imports \(module): use import ClubhouseSync")
            }
        }

        let modules = ClubhouseProcess.binary.deletingLastPathComponent().appending(path: "Modules")
        var arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path]
        // The library's internal imports reach C modules (GRDB's SQLite; under ClubhouseSync,
        // SwiftNIO's and swift-numerics' shims): their module maps, from the checkouts and the
        // build folder, as SwiftPM passes them.
        for map in Self.cModuleMaps() {
            arguments += ["-Xcc", "-fmodule-map-file=\(map)"]
        }
        if folder != "Examples/Embedding" { arguments.append("-parse-as-library") }
        let result = try Self.run(arguments + sources)
        #expect(result.status == 0, "\(folder) does not type-check against the public API:\n\(result.output)")
    }

    /// Every C module map of the dependencies: in the checkouts (not their tests) and those the
    /// build generated beside the build folder's C targets.
    static func cModuleMaps() -> [String] {
        let build = ClubhouseProcess.binary.resolvingSymlinksInPath().deletingLastPathComponent()
        var maps: [String] = []
        for target in (try? FileManager.default.contentsOfDirectory(atPath: build.path)) ?? []
        where target.hasSuffix(".build") {
            let map = build.appending(path: target).appending(path: "module.modulemap").path
            if FileManager.default.fileExists(atPath: map) { maps.append(map) }
        }
        var folder = build
        while folder.path != "/" {
            let checkouts = folder.appending(path: "checkouts")
            if FileManager.default.fileExists(atPath: checkouts.path),
                let files = FileManager.default.enumerator(atPath: checkouts.path)
            {
                for case let file as String in files
                where file.hasSuffix("/module.modulemap") && !file.contains("/Tests/") {
                    maps.append(checkouts.appending(path: file).path)
                }
                break
            }
            folder = folder.deletingLastPathComponent()
        }
        return maps
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
