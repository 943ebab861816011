import ArgumentParser
import Clubhouse

struct SceneListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List your scenes with the screen each shows and when it last changed.",
        discussion: """
            A scene is listed once a command has used it since you signed in. The scene this \
            command uses (--scene, else main) is marked with '*'.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let app = try CommandContext.app(global)
        let list = try app.scenes()
        for warning in list.warnings { Output.warn(warning) }
        if output.json {
            Output.print(try JSONOutput.render(list.scenes.map { SceneJSON($0, current: app.scene) }))
        } else if list.scenes.isEmpty {
            Output.print("No scenes yet; any command saves the one it uses.")
        } else {
            let width = list.scenes.map(\.name.rawValue.count).max() ?? 0
            Output.print(
                list.scenes.map { TextOutput.sceneLine($0, current: app.scene, width: width) }.joined(separator: "\n"))
        }
    }
}

/// `{"current", "name", "screen", "updatedAt"}`: one scene of `clubhouse scene list --json`.
struct SceneJSON: Encodable {
    let name: String
    let screen: String
    let updatedAt: String
    let current: Bool

    init(_ scene: SceneSummary, current: SceneName) {
        name = scene.name.rawValue
        screen = scene.screen
        updatedAt = scene.updatedAt
        self.current = scene.name == current
    }
}

extension TextOutput {
    /// `* main  players/3  2026-11-25T15:00:00.000Z`: names are plain ASCII by rule, padded to
    /// `width`; the screen and time are stored text, escaped.
    static func sceneLine(_ scene: SceneSummary, current: SceneName, width: Int) -> String {
        let name = scene.name.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
        return "\(scene.name == current ? "*" : " ") \(name)  \(escaped(scene.screen))  \(escaped(scene.updatedAt))"
    }
}
