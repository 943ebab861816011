import ArgumentParser
import Clubhouse

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The database file (default: $CLUBHOUSE_DB, else the XDG data folder).", valueName: "path"),
        completion: .file())
    var database: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The scene to use: its own tab, screens, drafts and history, like a window (default: main).",
            valueName: "name"))
    var scene: String?

    /// The value is never repeated back: a command line may hold a password typed by mistake.
    func validate() throws {
        if let scene, !SceneName.isValid(scene) {
            throw ValidationError("A scene name is 1–\(SceneName.maxLength) letters, digits, '-' or '_'.")
        }
    }

    /// The scene named by `--scene`, or `main`.
    func sceneName() throws -> SceneName {
        try scene.map(SceneName.init) ?? .main
    }
}

/// For commands that print records or state.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print JSON with stable keys instead of text.")
    var json = false
}
