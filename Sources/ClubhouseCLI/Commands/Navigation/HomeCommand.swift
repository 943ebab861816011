import ArgumentParser
import Clubhouse

struct HomeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "home",
        abstract: "Go to the home tab and print its selected page (squad, results or reading).",
        discussion: "Turn to another page with: clubhouse page results"
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let outcome = try CommandContext.perform(global, .open(.screen(.home)))
        guard case .home(let model) = try outcome.requireMain().content else { return }
        CommandContext.warn(shown: model)
        Output.print(output.json ? try JSONOutput.render(HomeJSON(model)) : GatherText.home(model))
    }
}
