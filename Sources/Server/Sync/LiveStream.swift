import ClubhouseDomain
import ClubhouseSyncWire
import Foundation
import NIOCore
import Synchronization

/// One open change stream (`GET /v1/sync/stream`): what it still has to tell its device. Whoever
/// learns something (the log listener, the sweeper, shutdown) posts it here and wakes the stream's
/// writer; the writer takes everything pending at once. Pokes that arrive while a write to the
/// socket is pending therefore become one `head` with the newest seq, and a slow device costs one
/// pending value, never a queue.
final class LiveStream: Sendable {
    let id: Int
    let owner: User.ID
    /// The device that reads it: notices addressed to it move its head, others' do not.
    let device: UUID
    /// The SHA-256 of the token it was opened with, and when that token expires.
    let token: [UInt8]
    let expiresAt: Date

    private struct Mailbox {
        /// The newest head not yet written, and whether it is written even if not newer than
        /// `sent` (the first one, and a catch-up after the database came back).
        var head: Int64?
        var forced = false
        var sent: Int64 = -1
        var keepAliveDue = false
        var closing: SyncStreamEvent?
        var ended = false
        var lastWrite: ContinuousClock.Instant
    }

    private let mailbox: Mutex<Mailbox>
    private let wake: AsyncStream<Void>.Continuation
    /// The writer's wake-ups (one pending at most: the mailbox holds what they are about).
    let wakes: AsyncStream<Void>

    init(id: Int, owner: User.ID, device: UUID, token: [UInt8], expiresAt: Date) {
        self.id = id
        self.owner = owner
        self.device = device
        self.token = token
        self.expiresAt = expiresAt
        mailbox = Mutex(Mailbox(lastWrite: .now))
        (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// The log (as this device sees it) now ends at `head`. Written unless the device was already
    /// told as much, or `force`.
    func post(head: Int64, force: Bool = false) {
        let woken = mailbox.withLock { box -> Bool in
            guard !box.ended, box.closing == nil else { return false }
            guard force || head > max(box.sent, box.head ?? -1) else { return false }
            box.head = max(box.head ?? head, head)
            box.forced = box.forced || force
            return true
        }
        if woken { wake.yield() }
    }

    /// Ends the stream with `closed(code, message)`; later posts are dropped.
    func close(code: String, message: String) {
        let woken = mailbox.withLock { box -> Bool in
            guard !box.ended, box.closing == nil else { return false }
            box.closing = .closed(code: code, message: message)
            return true
        }
        if woken { wake.yield() }
    }

    /// A keep-alive, if nothing was written for `interval`.
    func keepAliveIfSilent(for interval: Duration, now: ContinuousClock.Instant) {
        let woken = mailbox.withLock { box -> Bool in
            guard !box.ended, !box.keepAliveDue, now - box.lastWrite >= interval else { return false }
            box.keepAliveDue = true
            return true
        }
        if woken { wake.yield() }
    }

    /// What to write now, taken from the mailbox.
    struct Output {
        var text: String
        /// Whether it carries a `head` (a poke, for the metrics).
        var poke: Bool
        /// Whether the stream ends once it is written.
        var ends: Bool
    }

    /// Everything pending, as one write; nil when nothing is (a wake-up already served).
    func take(now: ContinuousClock.Instant = .now) -> Output? {
        mailbox.withLock { box -> Output? in
            guard !box.ended else { return nil }
            var text = ""
            var poke = false
            if let head = box.head, box.forced || head > box.sent {
                text += SyncStreamEvent.head(head).text
                box.sent = head
                poke = true
            }
            box.head = nil
            box.forced = false
            if let closing = box.closing {
                text += closing.text
                box.ended = true
            }
            if text.isEmpty && box.keepAliveDue { text = SyncStreamEvent.keepAlive }
            box.keepAliveDue = false
            guard !text.isEmpty else { return nil }
            box.lastWrite = now
            return Output(text: text, poke: poke, ends: box.ended)
        }
    }

    /// No more wake-ups: the writer's loop ends (the stream was unregistered).
    func finish() {
        wake.finish()
    }
}
