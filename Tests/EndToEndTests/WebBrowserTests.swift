import ClubhouseTestSupport
import Foundation
import Testing

/// `clubhouse web` in a real browser: Tests/WebTests/Browser/scenarios.py drives Debian's Chromium
/// with Playwright against the built binary on a temporary file (sign-up and a picker, a reload
/// mid-form, a restart, back and forward, a goal scored with the CLI appearing live, two tabs, a
/// hostile name, a forged post, JavaScript off). One process for every scenario: the browser
/// starts once.
@Suite(.heavy) struct WebBrowserTests {
    static let script = EmbeddingExampleTests.root.appending(path: "Tests/WebTests/Browser/scenarios.py")

    @Test func theScenariosPassInChromium() throws {
        let python = try RequiredProgram.python3.require()
        let chromium = "/usr/bin/chromium"
        guard FileManager.default.isExecutableFile(atPath: chromium) else {
            Issue.record("Chromium is missing: apt-get install chromium (README's Set up)")
            return
        }
        let folder = try TemporaryFolder()
        let log = folder.path("browser.log")
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [
            Self.script.path, "--clubhouse", ClubhouseProcess.binary.path, "--workdir", folder.url.path,
            "--chromium", chromium,
        ]
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try output.close()
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        if text.contains("No module named 'playwright'") {
            Issue.record("Playwright for Python is missing: pip install playwright (README's Set up)")
            return
        }
        #expect(process.terminationStatus == 0, "\(text)")
        for scenario in [
            "sign_up_and_add_a_player_with_a_picker", "a_reload_mid_form_finds_the_draft",
            "a_restarted_server_shows_the_same_screen", "back_and_forward_follow_the_stack",
            "a_goal_scored_with_the_cli_appears_in_the_open_gather", "two_browser_tabs_are_two_scenes",
            "a_hostile_name_renders_as_text", "a_post_without_its_token_is_refused", "javascript_off_still_works",
        ] {
            #expect(text.contains("ok: \(scenario)\n"), "\(scenario) did not pass:\n\(text)")
        }
    }
}
