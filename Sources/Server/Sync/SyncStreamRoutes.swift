import ClubhouseSyncWire
import Foundation
import Hummingbird
import ServiceLifecycle

/// `GET /v1/sync/stream?device=UUID`: the account's change stream, as Server-Sent Events (see
/// `SyncStreamEvent`). It pokes, never carries changes: the device pulls as it always does. The
/// token is checked and the head read on a pooled connection that goes back at once; while open,
/// the stream holds no connection, only its place in the hub.
struct SyncStreamRoutes {
    let database: Database
    let hub: LiveHub

    func add(to group: RouterGroup<ServerRequestContext>) {
        group.get("sync/stream") { request, context in try await stream(request, context) }
    }

    private func stream(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let signIn = try context.signIn()
        let device = try SyncRequests.device(request)
        let logger = context.logger
        let found = try await database.read { connection in
            try await LiveStore(connection, logger: logger).token(signIn.hash)
        }
        let owner = try signIn.found(found?.owner)
        guard let expiresAt = found?.expiresAt else { throw APIError.unauthorized }
        // Registered before the head is read, so that a change committed in between is poked
        // rather than missed (a poke not newer than the head sent is dropped).
        let stream = try hub.open(
            owner: owner, device: device, token: Array(buffer: signIn.hash), expiresAt: expiresAt)
        do {
            let head = try await database.read { connection in
                try await LiveStore(connection, logger: logger).head(owner: owner, device: device)
            }
            stream.post(head: head, force: true)
        } catch {
            hub.remove(stream)
            throw error
        }
        let (hub, metrics) = (hub, database.metrics)
        let body = ResponseBody { writer in
            defer { hub.remove(stream) }
            try await withTaskCancellationOrGracefulShutdownHandler {
                for await _ in stream.wakes {
                    guard let output = stream.take() else { continue }
                    try await writer.write(ByteBuffer(string: output.text))
                    if output.poke { metrics.livePokes.increment() }
                    if output.ends { break }
                }
            } onCancelOrGracefulShutdown: {
                stream.close(code: SyncStreamEvent.shuttingDown, message: LiveHub.stopping)
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
            body: body)
    }
}
