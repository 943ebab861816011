import Foundation
import PackagePlugin

/// Turns the `.sql` files of the target it is applied to (`ClubhouseSchema`, at `Migrations/`) into Swift
/// source compiled into that target, so the `clubhouse` binary carries its schema and keeps working
/// when copied away from the build folder (on Linux `Bundle.module` would silently point back at the
/// build path). Because the files belong to a target, adding, renaming or removing one re-plans the
/// build and re-runs this plugin.
@main
struct EmbedMigrationsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let files = (target.sourceModule?.sourceFiles(withSuffix: "sql").map(\.url) ?? [])
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedMigrations.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) SQL migrations",
                executable: try context.tool(named: "MigrationEmbedder").url,
                arguments: [output.path(percentEncoded: false)] + files.map { $0.path(percentEncoded: false) },
                inputFiles: files,
                outputFiles: [output]
            )
        ]
    }
}
