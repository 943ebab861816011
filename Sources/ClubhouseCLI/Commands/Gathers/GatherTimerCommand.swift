import ArgumentParser
import Clubhouse

struct GatherTimerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timer",
        abstract: "Set, start, pause, resume or reset the gather's countdown (10:00 by default).",
        discussion: """
            The countdown keeps real time between runs: started at 10:00, it shows 09:53 seven \
            seconds later, whatever ran in between. At 00:00 it stops; end the gather, or set a \
            new time to play on.
            """,
        subcommands: [
            TimerSetCommand.self, TimerStartCommand.self, TimerPauseCommand.self, TimerResumeCommand.self,
            TimerResetCommand.self,
        ]
    )
}

struct TimerSetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set the countdown to MM:SS (minutes and seconds 0–59 each); a running timer stops."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: ArgumentHelp("The time, for example 05:30.", valueName: "MM:SS"))
    var time: String

    func run() throws {
        let duration = try GatherTimer.duration(parsing: time)
        try GatherOutput.play(global, json: output.json, .play(.setTimer(duration)))
    }
}

/// A timer command that takes no value: it sends one change to the gather in progress.
protocol TimerChangeCommand: ParsableCommand {
    static var change: GatherChange { get }
    var global: GlobalOptions { get }
    var output: OutputOptions { get }
}

extension TimerChangeCommand {
    func run() throws {
        try GatherOutput.play(global, json: output.json, .play(Self.change))
    }
}

struct TimerStartCommand: TimerChangeCommand {
    static let configuration = CommandConfiguration(
        commandName: "start", abstract: "Start the countdown (not from 00:00: set or reset it first).")
    static let change = GatherChange.startTimer

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
}

struct TimerPauseCommand: TimerChangeCommand {
    static let configuration = CommandConfiguration(commandName: "pause", abstract: "Pause the countdown.")
    static let change = GatherChange.pauseTimer

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
}

struct TimerResumeCommand: TimerChangeCommand {
    static let configuration = CommandConfiguration(commandName: "resume", abstract: "Resume a paused countdown.")
    static let change = GatherChange.resumeTimer

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
}

struct TimerResetCommand: TimerChangeCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset", abstract: "Stop the countdown and set it back to 10:00, as the app's reset does.")
    static let change = GatherChange.resetTimer

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
}
