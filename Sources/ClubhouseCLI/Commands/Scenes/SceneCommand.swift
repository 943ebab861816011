import ArgumentParser

struct SceneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scene",
        abstract: "List and close your scenes: separate places in the app, like windows.",
        discussion: """
            Each scene keeps its own tab, screens, drafts, selected rows and history; who is \
            signed in and the data are shared by all of them. Any command takes --scene NAME \
            to use a scene (a new name starts one at home); without it, a command uses the \
            scene 'main'. A name is 1–32 letters, digits, '-' or '_', and 'Work' and 'work' \
            are two scenes.
            """,
        subcommands: [SceneListCommand.self, SceneCloseCommand.self]
    )
}
