import Clubhouse
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The driver's loop: wait, hand keys to the session, draw, write the difference.
final class EventLoop {
    private let device: TerminalDevice
    private let signals: SignalPipe
    private let session: TerminalSession
    private let diff: FrameDiff
    private var decoder = KeyDecoder()
    private var shown: Frame?
    private let changes: ChangeInbox
    private var observation: ClubhouseApp.Observation?
    private var background: Task<Void, Never>?
    /// Keys read and not yet handled (more come in while a session handles a long run).
    private var queued: [Key] = []
    private var lastInput: Milliseconds = 0
    private var isGone = false

    init(
        _ app: ClubhouseApp, _ device: TerminalDevice, _ signals: SignalPipe, colours: Bool, work: BackgroundWork?
    ) throws {
        self.device = device
        self.signals = signals
        diff = FrameDiff(colours: colours)
        let size = TerminalDevice.size() ?? (80, 24)
        session = try TerminalSession(app: app, layout: Layout(width: size.width, height: size.height))
        changes = try ChangeInbox()
        let inbox = changes
        // Others' commits, seen on the library's observing thread, wake the loop through a pipe;
        // the loop reads what they changed itself, in order with the keys it handles.
        // With live sync beside it a pulled change is such a commit: looked for more often.
        observation = app.observeCommits(every: .milliseconds(work == nil ? 200 : 50)) { inbox.post($0) }
        session.flush = { [unowned self] in try? self.draw() }
        if let work {
            background = Task.detached {
                do {
                    try await work.body { inbox.post(status: $0) }
                } catch is CancellationError {
                } catch {
                    inbox.post(status: TitleStatus(TerminalModel.describe(error), warns: true))
                }
            }
        }
    }

    deinit {
        observation?.cancel()
        background?.cancel()
    }

    func run() throws -> Int32 {
        try draw()
        while true {
            var fds = [
                pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0),
                pollfd(fd: changes.readEnd, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, nfds_t(fds.count), timeout())
            if ready < 0, errno != EINTR { throw TerminalFailure("cannot wait for the terminal") }
            var redrawAll = false
            if fds[1].revents != 0 {
                for number in signals.drain() {
                    switch number {
                    case SIGWINCH:
                        let size = TerminalDevice.size() ?? (session.layout.width, session.layout.height)
                        session.resize(Layout(width: size.width, height: size.height))
                        redrawAll = true
                    case SIGTSTP:
                        try suspend()
                        redrawAll = true
                    case SIGCONT:
                        // Continued after a stop this app did not see (SIGSTOP): the shell may
                        // have put the terminal back in cooked mode meanwhile.
                        try device.resume()
                        redrawAll = true
                    case SIGTERM: return 143
                    case SIGHUP: return 129
                    case SIGINT: return 130
                    default: break
                    }
                }
            }
            if fds[2].revents != 0 {
                if let status = changes.takeStatus() { session.status = status.shown }
                switch changes.take() {
                case .success?:
                    do { try session.othersChanged() } catch { throw TerminalFailure(TerminalModel.describe(error)) }
                case .failure(let error)?: throw TerminalFailure(TerminalModel.describe(error))
                case nil: break
                }
            }
            if fds[0].revents != 0 {
                var interrupted = false
                guard receive(interrupted: &interrupted) else { return 129 }  // the terminal is gone
                if interrupted { return 130 }
            } else if ready == 0 {
                let quiet = TerminalSession.wallClock() - lastInput
                if decoder.isPasting, quiet >= 1000 { queued += decoder.endPaste() }  // its end mark was lost
                if decoder.isHoldingEscape, quiet >= 50 { queued += decoder.flushEscape() }
            }
            while !queued.isEmpty {
                // Everything that has come in goes together (a paste without its marks is then
                // one insert, not one a read), and a Ctrl-C among it answers first.
                if interruptArrived() { return isGone ? 129 : 130 }
                let keys = queued
                queued = []
                // Ctrl-Z, a key in raw mode, suspends as in every full-screen program; the keys
                // between go together, so that a paste is one insert.
                for (index, run) in keys.split(separator: .control("z"), omittingEmptySubsequences: false).enumerated()
                {
                    if index > 0 {
                        try suspend()
                        redrawAll = true
                    }
                    for step in session.handle(Array(run), until: { [unowned self] in interruptArrived() }) {
                        switch step {
                        case .stay: break
                        case .redrawAll: redrawAll = true
                        case .quit(let interrupted):
                            if isGone { return 129 }
                            return interrupted ? 130 : 0
                        }
                    }
                }
            }
            if redrawAll { shown = nil }
            try draw()
        }
    }

    /// Reads what standard input has into the queued keys; false when the terminal is gone.
    /// `interrupted` says whether a Ctrl-C came with them.
    private func receive(interrupted: inout Bool) -> Bool {
        guard let bytes = device.receive() else {
            isGone = true
            return false
        }
        lastInput = TerminalSession.wallClock()
        let keys = decoder.keys(from: bytes)
        // Only the new keys are looked through: a megabyte comes in 256 reads.
        if keys.contains(KeyMap.interrupt) { interrupted = true }
        queued += keys
        return true
    }

    /// Asked between the keys a session handles: whether Ctrl-C has come in since (or the
    /// terminal has gone), so that it is answered before the keys queued ahead of it.
    private func interruptArrived() -> Bool {
        var input = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        var interrupted = false
        while poll(&input, 1, 0) > 0, input.revents != 0 {
            guard receive(interrupted: &interrupted) else { return true }
            if interrupted { return true }
        }
        return false
    }

    /// Ctrl-Z or SIGTSTP: the terminal put back as it was, the process stopped; on `fg`, raw
    /// mode and the alternate screen again, at the terminal's size now (the caller redraws all).
    private func suspend() throws {
        device.restore()
        signals.stopUntilContinued()
        try device.resume()
        let size = TerminalDevice.size() ?? (session.layout.width, session.layout.height)
        session.resize(Layout(width: size.width, height: size.height))
    }

    /// Milliseconds until the next second while a countdown runs (so it is redrawn as it
    /// ticks); otherwise wait for something to happen.
    private func timeout() -> Int32 {
        // A paste still open ends after a second without bytes, a lone ESC is the key after
        // 50 ms (terminals send a sequence in one write).
        let input: Int32 = decoder.isHoldingEscape ? 50 : decoder.isPasting ? 1000 : -1
        guard session.isTicking else { return input }
        let now = TerminalSession.wallClock()
        let tick = Int32(1000 - now % 1000 + 5)
        return input < 0 ? tick : min(input, tick)
    }

    private func draw() throws {
        let frame = session.frame()
        let bytes = diff.bytes(from: shown, to: frame)
        if !bytes.isEmpty { try device.send(bytes) }
        shown = frame
    }
}

/// Whether others committed (or the observation failed), handed from the observing thread to the
/// loop, and the background work's latest status: a byte on a pipe wakes the loop, which takes
/// the newest of each (older ones are superseded).
final class ChangeInbox: @unchecked Sendable {
    let readEnd: Int32
    private let writeEnd: Int32
    private let lock = NSLock()
    private var latest: Result<Void, any Error>?
    private var status: PostedStatus?

    /// A status posted (nil inside: the title bar shows none).
    struct PostedStatus {
        var shown: TitleStatus?
    }

    init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw TerminalFailure("cannot make a pipe for changes") }
        readEnd = ends[0]
        writeEnd = ends[1]
        for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    func post(_ result: Result<Void, any Error>) {
        lock.withLock { latest = result }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    func post(status: TitleStatus?) {
        lock.withLock { self.status = PostedStatus(shown: status) }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// The newest status, once (the pipe is drained by `take`, which follows it).
    func takeStatus() -> PostedStatus? {
        lock.withLock {
            defer { status = nil }
            return status
        }
    }

    func take() -> Result<Void, any Error>? {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &buffer, buffer.count) > 0 {}
        return lock.withLock {
            defer { latest = nil }
            return latest
        }
    }
}
