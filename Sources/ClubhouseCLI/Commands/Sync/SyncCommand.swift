import ArgumentParser
import Clubhouse
import ClubhouseSync
import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Send your changes to the server and bring back your other devices' changes.",
        discussion: """
            Sends every change made here since the last sync, then applies those made on your \
            other devices (a page at a time, each page all or nothing), then shares where you \
            are for `clubhouse continue`. Where two devices changed the same thing, the server \
            decides (the later change wins; a delete wins over an edit; one gather at a time) \
            and each change of yours that lost is told once, as a warning. Offline, nothing is \
            lost: the changes wait for the next sync.

            With --watch it keeps this device in step until Ctrl-C: each change made here (by \
            any command or app on this file) is sent within a fraction of a second, and each \
            change made elsewhere is brought back as soon as the server tells of it, one line \
            per change received (with --json, one JSON object per line). Offline it waits and \
            tries again, saying so on standard error.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @Flag(help: "Stay in step with the server until Ctrl-C, printing each change received.")
    var watch = false

    func run() throws {
        let app = try CommandContext.app(global)
        guard try app.signedInUser() != nil else { throw ClubhouseError.notSignedIn }
        if watch {
            try SyncWatch(json: output.json).run(app)
            return
        }
        let report = try AsyncBridge.run { try await app.sync() }
        for notice in report.notices { Output.warn(notice.message) }
        if output.json {
            Output.print(try JSONOutput.render(report))
            return
        }
        var line = "Synced: sent \(report.pushed), received \(report.pulled)"
        if report.refused > 0 { line += ", \(report.refused) refused" }
        if report.waiting > 0 { line += "; \(report.waiting) made meanwhile wait" }
        Output.print(line + ".")
    }
}

enum SyncText {
    /// "the server is 1.2 s ahead", as `remote show` prints the clock offset.
    static func offset(_ milliseconds: Int64) -> String {
        if milliseconds == 0 { return "same as the server's" }
        let seconds = Double(milliseconds.magnitude) / 1000
        let amount = seconds < 10 ? String(format: "%.3f s", seconds) : String(format: "%.0f s", seconds)
        return milliseconds > 0 ? "the server is \(amount) ahead" : "the server is \(amount) behind"
    }
}
