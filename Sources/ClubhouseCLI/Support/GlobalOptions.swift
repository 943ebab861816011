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
            throw ValidationError(
                "A scene name is 1–\(SceneName.maxLength) letters, digits, '-' or '_', starting with a letter or digit."
            )
        }
    }
}

extension GlobalOptions: DatabaseChoice {}

/// Where a command runs: the database file and the scene. ArgumentParser's `GlobalOptions` and
/// the fast path's plain `CommandOptions` both say it, so that `CommandContext` takes either.
protocol DatabaseChoice {
    var database: String? { get }
    var scene: String? { get }
}

extension DatabaseChoice {
    /// The scene named by `--scene`, or `main`.
    func sceneName() throws -> SceneName {
        try scene.map(SceneName.init) ?? .main
    }
}

/// `--database`, `--scene` and `--json` as plain values: what the fast path (`OptionsOnly`) hands
/// a command. Building ArgumentParser's option wrappers instead (`GlobalOptions()`, each
/// `@OptionGroup`) is a first-time metadata instantiation and conformance scan each, about 1.5 M
/// instructions of a 15 M `whoami` (issue 31).
struct CommandOptions: DatabaseChoice, Equatable {
    var database: String?
    var scene: String?
    var json = false
}

extension CommandOptions {
    /// The same values as ArgumentParser parsed them.
    init(_ global: GlobalOptions, _ output: OutputOptions) {
        self.init(database: global.database, scene: global.scene, json: output.json)
    }
}

/// For commands that print records or state.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print JSON with stable keys instead of text.")
    var json = false
}
