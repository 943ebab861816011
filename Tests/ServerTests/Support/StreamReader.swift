import AsyncHTTPClient
import ClubhouseSyncWire
import Foundation
import NIOCore
import OpenAPIRuntime
import Synchronization

/// `GET /v1/sync/stream` read as a device reads it: AsyncHTTPClient's body, parsed as Server-Sent
/// Events by OpenAPIRuntime's decoder, each event decoded as the wire's `SyncStreamEvent`. A task reads in the
/// background; tests wait (up to a deadline) for what they expect to have arrived.
final class StreamReader: Sendable {
    let status: Int
    let headers: [(String, String)]
    /// The body of a refused stream (the JSON error).
    let refusal: String

    private struct State {
        var events: [SyncStreamEvent] = []
        var ended = false
        var failure: String?
    }

    private let state = Mutex(State())
    private let reading = Mutex<Task<Void, Never>?>(nil)

    private init(status: Int, headers: [(String, String)], refusal: String) {
        self.status = status
        self.headers = headers
        self.refusal = refusal
    }

    /// One client for the suite: up to 64 connections to one host (a test opens 33 streams).
    static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 64
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    static func open(port: Int, token: String, device: UUID = UUID()) async throws -> StreamReader {
        var request = HTTPClientRequest(
            url: "http://127.0.0.1:\(port)/v1/sync/stream?device=\(device.uuidString.lowercased())")
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        // The whole exchange's deadline: far beyond any test's.
        let response = try await client.execute(request, timeout: .minutes(10))
        let headers = response.headers.map { ($0.name, $0.value) }
        guard response.status == .ok else {
            let body = try await response.body.collect(upTo: 64 * 1024)
            return StreamReader(
                status: Int(response.status.code), headers: headers, refusal: String(buffer: body))
        }
        let reader = StreamReader(status: 200, headers: headers, refusal: "")
        let body = response.body
        let task = Task { [reader] in
            do {
                for try await event in Chunks(base: body).asDecodedServerSentEvents() {
                    guard let decoded = SyncStreamEvent(event: event.event, data: event.data ?? "") else { continue }
                    reader.state.withLock { $0.events.append(decoded) }
                }
                reader.state.withLock { $0.ended = true }
            } catch {
                reader.state.withLock {
                    $0.failure = "\(error)"
                    $0.ended = true
                }
            }
        }
        reader.reading.withLock { $0 = task }
        return reader
    }

    func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    var events: [SyncStreamEvent] { state.withLock { $0.events } }
    var ended: Bool { state.withLock { $0.ended } }

    /// The newest head received, if any.
    var head: Int64? {
        events.reversed().lazy.compactMap { event -> Int64? in
            if case .head(let seq) = event { return seq }
            return nil
        }.first
    }

    /// Waits until `condition` holds of what was received (and whether the stream ended), up to
    /// `seconds`; fails naming what did arrive.
    @discardableResult
    func wait(
        _ what: String, seconds: Int = 30, until condition: @Sendable ([SyncStreamEvent], Bool) -> Bool
    ) async throws -> [SyncStreamEvent] {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while true {
            let (events, ended, failure) = state.withLock { ($0.events, $0.ended, $0.failure) }
            if condition(events, ended) { return events }
            if ContinuousClock.now > deadline {
                throw ClusterError(
                    "\(what): not within \(seconds) s; received \(events), ended \(ended) \(failure ?? "")")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Waits for a head of at least `seq`.
    func waitForHead(atLeast seq: Int64, seconds: Int = 30) async throws {
        try await wait("a head of at least \(seq)", seconds: seconds) { events, _ in
            events.contains { if case .head(let head) = $0 { head >= seq } else { false } }
        }
    }

    /// Hangs up, as a device going away does.
    func cancel() {
        reading.withLock { $0?.cancel() }
    }

    deinit {
        reading.withLock { $0?.cancel() }
    }
}

/// A body's buffers as the byte slices the decoder reads.
struct Chunks<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable where Base.Element == ByteBuffer {
    typealias Element = ArraySlice<UInt8>
    let base: Base

    struct AsyncIterator: AsyncIteratorProtocol {
        var buffers: Base.AsyncIterator

        mutating func next() async throws -> ArraySlice<UInt8>? {
            guard let buffer = try await buffers.next() else { return nil }
            return ArraySlice(buffer.readableBytesView)
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(buffers: base.makeAsyncIterator()) }
}
