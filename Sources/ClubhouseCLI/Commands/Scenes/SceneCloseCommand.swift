import ArgumentParser
import Clubhouse

struct SceneCloseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "close",
        abstract: "Close a scene: forget its screens, drafts and history (your data stays).",
        discussion: """
            Any scene can be closed, main too: the next command that uses it starts at home \
            with an empty history.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The scene to close.", valueName: "name"))
    var name: String

    func run() throws {
        let scene = try SceneName(name)
        try CommandContext.app(global).closeScene(scene)
        Output.print("Closed scene \(scene).")
    }
}
