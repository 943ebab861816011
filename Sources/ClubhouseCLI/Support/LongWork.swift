import Clubhouse
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C (SIGINT), SIGTERM or SIGHUP during long work (`book import`, `backup`, `check`) ends it
/// cleanly instead of killing the process where it stands: the work stops at its next step
/// (`ClubhouseApp.interrupt()`), its transaction rolls back, its temporary files go, the progress
/// bar is cleared, and the command exits 128 + the signal's number (130, 143, 129) with one
/// `error:` line. A second signal of the same kind kills at once, as it would have.
///
/// The handler does only what a handler may: it keeps the signal's number, sets the library's
/// flag (both lock-free atomics) and writes a byte into a pipe, which wakes a read of the input
/// that waits on it (`waitForInput`) whatever thread the signal landed on.
enum LongWork {
    struct Interrupted: Error {
        let signal: Int32

        var status: Int32 { 128 + signal }

        var message: String {
            let name =
                switch signal {
                case SIGINT: "SIGINT"
                case SIGTERM: "SIGTERM"
                case SIGHUP: "SIGHUP"
                default: "signal \(signal)"
                }
            return "interrupted by \(name); nothing was changed"
        }
    }

    static let signals = [SIGINT, SIGTERM, SIGHUP]

    /// Runs `work` with the signals heard. Work that finished before a signal stopped it stands.
    static func run<T>(_ work: () throws -> T) throws -> T {
        listen()
        do {
            return try work()
        } catch {
            if let signal { throw Interrupted(signal: signal) }
            throw error
        }
    }

    /// The first signal heard, if any.
    static var signal: Int32? {
        let value = caught.load(ordering: .sequentiallyConsistent)
        return value == 0 ? nil : value
    }

    /// Waits until `descriptor` has something to read (or its end), or throws once a signal is
    /// heard: a read blocked on a pipe would not return if the signal landed on another thread.
    static func waitForInput(_ descriptor: Int32) throws {
        while true {
            if ClubhouseApp.isInterrupted { throw StorageError.interrupted }
            var watched = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeRead.load(ordering: .sequentiallyConsistent), events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&watched, nfds_t(watched[1].fd >= 0 ? 2 : 1), -1)
            if ready < 0, errno == EINTR { continue }
            if ClubhouseApp.isInterrupted { throw StorageError.interrupted }
            return
        }
    }

    private static let caught = Atomic<Int32>(0)
    private static let wakeRead = Atomic<Int32>(-1)
    private static let wakeWrite = Atomic<Int32>(-1)

    private static func listen() {
        // The library's flag exists before a handler can touch it.
        _ = ClubhouseApp.isInterrupted
        var ends: [Int32] = [0, 0]
        if pipe(&ends) == 0 {
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            wakeRead.store(ends[0], ordering: .sequentiallyConsistent)
            wakeWrite.store(ends[1], ordering: .sequentiallyConsistent)
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handle
        sigemptyset(&action.sa_mask)
        // Not SA_RESTART: a read under way returns. SA_RESETHAND: a second signal does what it
        // would have done without this.
        action.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND))
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signal in signals {
            sigaction(signal, &action, nil)
            sigaddset(&unblock, signal)
        }
        // A parent may have started us with these blocked; they must still end the work.
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    private static let handle: @convention(c) (Int32) -> Void = { signal in
        let saved = errno
        _ = LongWork.caught.compareExchange(expected: 0, desired: signal, ordering: .sequentiallyConsistent)
        ClubhouseApp.interrupt()
        var byte: UInt8 = 1
        _ = write(LongWork.wakeWrite.load(ordering: .sequentiallyConsistent), &byte, 1)
        errno = saved
    }
}
