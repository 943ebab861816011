internal import AsyncHTTPClient
internal import ClubhouseSyncWire
import Foundation
internal import NIOCore
internal import NIOHTTP1
internal import OpenAPIRuntime

extension SyncServer {
    /// Opens `GET /v1/sync/stream` and hands each event to `receive` until the server ends the
    /// stream (returns) or the connection fails (throws, as the other requests do: `unreachable`,
    /// `signedOut`, `refused`). Keep-alives are comments, which the parser drops; a connection
    /// silent for longer than the client's read timeout fails, so a dead server is noticed. The
    /// Server-Sent Events are parsed by OpenAPIRuntime (it needs Foundation only, where other SSE
    /// readers bring FoundationNetworking and its libcurl, which the static build cannot link).
    func stream(device: UUID, _ receive: (SyncStreamEvent) async throws -> Void) async throws {
        var request = HTTPClientRequest(url: url + "/v1/sync/stream?device=\(SyncKey.text(device))")
        request.headers.add(name: "Accept", value: "text/event-stream")
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        let response: HTTPClientResponse
        do {
            response = try await client.execute(request, timeout: .seconds(30))
        } catch {
            throw SyncError.unreachable(url: url, reason: Self.reason(error), waiting: 0)
        }
        guard response.status == .ok else {
            let answer = try? await response.body.collect(upTo: 64 * 1024)
            throw refusal(status: Int(response.status.code), answer ?? ByteBuffer())
        }
        let chunks = ByteChunks(body: response.body)
        do {
            for try await event in chunks.asDecodedServerSentEvents() {
                guard let known = SyncStreamEvent(event: event.event, data: event.data ?? "") else { continue }
                try await receive(known)
            }
        } catch let error as SyncError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw SyncError.unreachable(url: url, reason: Self.reason(error), waiting: 0)
        }
    }
}

/// The response body as the chunks of bytes OpenAPIRuntime's parser reads.
private struct ByteChunks: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>
    let body: HTTPClientResponse.Body

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: HTTPClientResponse.Body.AsyncIterator

        mutating func next() async throws -> ArraySlice<UInt8>? {
            guard let buffer = try await base.next() else { return nil }
            return ArraySlice(buffer.readableBytesView)
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: body.makeAsyncIterator()) }
}
