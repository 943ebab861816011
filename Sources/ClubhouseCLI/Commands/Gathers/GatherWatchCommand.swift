import ArgumentParser
import Clubhouse
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Set by the SIGINT handler; read by the watch loop between redraws.
nonisolated(unsafe) private var interrupted: sig_atomic_t = 0

struct GatherWatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Watch the countdown and score live until time is up or Ctrl-C.",
        discussion: """
            On a terminal one line is redrawn in place each second; otherwise (or with \
            TERM=dumb) one line is printed per second. Watching only reads: the gather goes on (or stays paused) when it stops, \
            and other commands can score or pause meanwhile.
            """
    )

    @OptionGroup var global: GlobalOptions

    func run() throws {
        let app = try CommandContext.app(global)
        let inPlace = Terminal.canRedraw(STDOUT_FILENO)
        signal(SIGINT) { _ in interrupted = 1 }
        // A parent may have started us with SIGINT blocked; Ctrl-C must still stop the watch.
        var interrupts = sigset_t()
        sigemptyset(&interrupts)
        sigaddset(&interrupts, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &interrupts, nil)
        var shownOnce = false
        while interrupted == 0 {
            let model: GatherViewModel
            do {
                guard case .gather(let read) = try app.look(.gather(.show), showing: false).result else { return }
                model = read
            } catch ClubhouseError.noGatherInProgress where shownOnce {
                if inPlace { Output.print("") }
                Output.note("the gather is no longer in progress")
                return
            }
            if !shownOnce { CommandContext.warn(shown: model) }
            shownOnce = true
            let line = Self.line(model)
            if inPlace { Output.redraw(line) } else { Output.print(line) }
            if model.isTimeUp {
                if inPlace { Output.print("") }
                Output.print("Time is up. End the gather with: clubhouse gather end")
                return
            }
            Self.sleep(untilNextSecondOf: model)
        }
        if inPlace { Output.print("") }
        throw ExitCode(130)
    }

    static func line(_ model: GatherViewModel) -> String {
        let score = model.gather.score
        return
            "Gather \(model.gather.id)  Team A \(score.a) – \(score.b) Team B  \(model.timerText) \(model.timerState.rawValue)"
    }

    /// Sleeps about a second, in short steps so that Ctrl-C is seen at once.
    private static func sleep(untilNextSecondOf model: GatherViewModel) {
        for _ in 0..<10 where interrupted == 0 {
            usleep(100_000)
        }
    }
}
