import Clubhouse
import Foundation
import Testing

/// `clubhouse --version` says the release CHANGELOG.md is writing: its newest section's version
/// and schema (issue 45 found 0.8.0 printed on a main that held 0.9.0).
@Suite struct VersionTests {
    @Test func theVersionIsTheChangelogsNewest() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let changelog = try String(contentsOf: root.appending(path: "CHANGELOG.md"), encoding: .utf8)
        let heading = try #require(changelog.split(separator: "\n").first { $0.hasPrefix("## ") })
        let version = try #require(heading.firstMatch(of: /\d+\.\d+\.\d+/)).output
        #expect(ClubhouseApp.version == String(version), "\(heading)")
        #expect(heading.contains("schema \(ClubhouseApp.schemaVersion)"), "\(heading)")
    }
}
