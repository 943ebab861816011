import ArgumentParser
import Clubhouse
import ClubhouseSync
import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `clubhouse sync --watch`: live sync in the foreground until Ctrl-C (or SIGTERM). Each change
/// received is a line on standard output; where the sync stands (offline, signed out, back) goes
/// to standard error as a note when it changes.
struct SyncWatch {
    var json: Bool

    func run(_ app: ClubhouseApp) throws {
        guard try app.remote() != nil else { throw SyncError.noRemote }
        let live = LiveSync(path: app.path)
        let json = json
        let task = Task.detached {
            try await live.run { event in
                switch event {
                case .status(let status): Output.note("sync: \(status.description)")
                case .synced(let report):
                    for notice in report.notices { Output.warn(notice.message) }
                    for change in report.received {
                        Output.print(json ? ((try? JSONOutput.render(change)) ?? "{}") : Self.line(change))
                    }
                }
            }
        }
        // Ctrl-C and SIGTERM end the watch between two syncs' writes (each is one transaction).
        let interrupted = Interrupted()
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, number)
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                interrupted.set(number)
                task.cancel()
            }
            source.resume()
            sources.append(source)
        }
        defer { sources.forEach { $0.cancel() } }
        do {
            try AsyncBridge.run { try await task.value }
        } catch is CancellationError {}
        // 128 + the signal, as a shell reports a command it stopped: 130 for Ctrl-C, 143 for SIGTERM.
        if let number = interrupted.signal { throw ExitCode(128 + number) }
    }

    /// "player added: \"Kai\"", "player updated: \"Kai\" (age)", "book updated: \"Dune\" (price)",
    /// "book deleted: 9780…".
    static func line(_ change: SyncReceived) -> String {
        let verb =
            switch change.kind {
            case "create": "added"
            case "delete": "deleted"
            default: "updated"
            }
        var line = "\(change.entity) \(verb): "
        if let label = change.label {
            line += TextOutput.quoted(label)
        } else {
            line += change.key.count > 13 ? String(change.key.prefix(8)) : change.key
        }
        if change.kind == "update" {
            line += " (\(change.fields.map { fieldName($0, of: change.entity) }.joined(separator: ", ")))"
        }
        return line
    }

    /// A field as people call it, by its declared label (`price`, `favourite team`), not by its
    /// wire name (`priceCents`); a field no declaration names (a gather's) keeps its own.
    static func fieldName(_ wire: String, of entity: String) -> String {
        switch entity {
        case "player": PlayerField.allCases.first { $0.wire == wire }?.shownName ?? wire
        case "book": BookField.allCases.first { $0.wire == wire }?.shownName ?? wire
        default: wire
        }
    }

    /// The signal that ended the watch, if one did.
    private final class Interrupted: @unchecked Sendable {
        private let lock = NSLock()
        private var number: Int32?
        func set(_ number: Int32) { lock.withLock { self.number = self.number ?? number } }
        var signal: Int32? { lock.withLock { number } }
    }
}
