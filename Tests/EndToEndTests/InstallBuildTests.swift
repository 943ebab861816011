import Foundation
import Testing

/// The README's Install build and the one `Benchmarks/commands.py` measures are the same command,
/// flag for flag: the figures the README quotes are of the build it tells people to make.
@Suite struct InstallBuildTests {
    static let root = EmbeddingExampleTests.root

    /// The words of the README's first `swift build` in its Install section (lines joined at `\`).
    static func readmeBuild() throws -> [String] {
        let text = try String(contentsOf: root.appending(path: "README.md"), encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## Install").dropFirst().first)
        let joined = section.replacingOccurrences(of: "\\\n", with: " ")
        let line = try #require(joined.split(separator: "\n").first { $0.hasPrefix("swift build") })
        return line.split(separator: " ").map(String.init)
    }

    /// The words of `BUILD = [...]` in commands.py.
    static func benchmarkBuild() throws -> [String] {
        let text = try String(contentsOf: root.appending(path: "Benchmarks/commands.py"), encoding: .utf8)
        let list = try #require(
            text.components(separatedBy: "\nBUILD = [").dropFirst().first?.split(separator: "]").first)
        return list.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
            .map { String($0.element) }
    }

    @Test func theBenchmarkBuildsAsTheReadmeSays() throws {
        let readme = try Self.readmeBuild()
        #expect(readme.contains("-disable-concrete-type-metadata-mangled-name-accessors"))
        #expect(readme.contains("-static-executable"))
        #expect(try Self.benchmarkBuild() == readme)
    }
}
