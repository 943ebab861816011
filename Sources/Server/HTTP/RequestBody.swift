import Foundation
import Hummingbird
import NIOCore
import NIOHTTP1

/// Reading a request's body, the one way every route does: at most `limit` bytes (413 past it),
/// within `ServerLimits.bodyTime` of the route starting to read it (408 for a client that sends it
/// too slowly, so a half-sent body cannot hold a connection and its task for ever), and a body whose
/// framing is broken (an invalid chunk size) is the client's mistake (400), never a 500; a body
/// cut off by the client closing its connection is `UploadAborted`.
enum RequestBody {
    static func collect(_ request: Request, limit: Int) async throws -> ByteBuffer {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw tooLarge(limit)
        }
        do {
            return try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
                group.addTask { try await request.body.collect(upTo: limit) }
                group.addTask {
                    try await Task.sleep(for: ServerLimits.bodyTime)
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let buffer = first else { throw tooSlow }
                return buffer
            }
        } catch is NIOTooManyBytesError {
            throw tooLarge(limit)
        } catch let error as HTTPParserError {
            throw APIError(.badRequest, "malformed_body", "the request body's framing is broken: \(error)")
        } catch let error as APIError {
            throw error
        } catch {
            // The connection ended mid-body: nobody is left to answer.
            throw UploadAborted(underlying: error)
        }
    }

    /// The body as JSON text for a decoder: collected as above, then held to `StrictJSON`.
    static func json(_ request: Request, limit: Int) async throws -> Data {
        let data = Data(buffer: try await collect(request, limit: limit))
        try StrictJSON.check(data)
        return data
    }

    static func tooLarge(_ limit: Int) -> APIError {
        APIError(.contentTooLarge, "body_too_large", "the request body is over \(limit) bytes")
    }

    static let tooSlow = APIError(
        .requestTimeout, "body_too_slow",
        "the request body did not arrive within \(ServerLimits.bodyTime.components.seconds) s")
}

/// A client closed its connection before its body arrived whole. Any client can cause as many as
/// it likes: logged at debug level, and counted in /metrics as requests answered 499 (nginx's
/// "client closed request"), never an error line each.
struct UploadAborted: Error {
    let underlying: any Error

    static let status = HTTPResponse.Status(code: 499, reasonPhrase: "Client Closed Request")
}
