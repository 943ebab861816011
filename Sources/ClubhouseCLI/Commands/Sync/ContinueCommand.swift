import ArgumentParser
import Clubhouse
import ClubhouseSync

struct ContinueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "continue",
        abstract: "Carry on where you were on another device: its tab, screens and drafts.",
        discussion: """
            Takes the navigation state your other device shared at its last sync (the newest \
            one of the scene, --scene or main) and makes it this scene's: the same tab, page, \
            stacks and half-filled forms. Sync first, so that its records are here: a stack is \
            cut at a screen whose record this device does not have, with a warning. `undo` \
            goes back to where you were.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let app = try CommandContext.app(global)
        guard try app.signedInUser() != nil else { throw ClubhouseError.notSignedIn }
        let report = try AsyncBridge.run { try await app.continueFromOtherDevice() }
        for warning in report.warnings { Output.warn(warning) }
        let state = NavigationJSON(report.outcome, scene: app.scene)
        if output.json {
            Output.print(try JSONOutput.render(state))
        } else {
            Output.print("Continued from \(TextOutput.escaped(report.deviceName)).\n" + TextOutput.navigation(state))
        }
    }
}
