import ClubhouseDomain
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1

/// Turns every error a route throws into the one JSON error shape: the rules' refusals with their
/// codes, an unreachable database as 503, Hummingbird's own (unknown route, body too large) in the
/// same shape, and anything else as a logged 500 that says nothing about the server's insides.
package struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    package init() {}

    package func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            return Self.apiError(for: error, request: request, logger: context.logger).response
        }
    }

    static func apiError(for error: any Error, request: Request, logger: Logger) -> APIError {
        switch error {
        case let error as APIError:
            return error
        case let error as ClubhouseError:
            return APIError(error)
        case HashingRefusal.clientHasItsShare:
            return APIError(
                .tooManyRequests, "too_many_sign_ins",
                "too many sign-ins at once from this client; try again in 1 s", retryAfter: 1)
        case HashingRefusal.busy(let seconds):
            return APIError(
                .serviceUnavailable, "busy", "the server is busy with other sign-ins; try again in \(seconds) s",
                retryAfter: seconds)
        case let error as UploadAborted:
            logger.debug("upload aborted", metadata: ["error": "\(String(reflecting: error.underlying))"])
            return APIError(UploadAborted.status, "upload_aborted", "the connection closed before the body arrived")
        case is HTTPParserError:
            return APIError(.badRequest, "malformed_body", "the request's framing is broken")
        case is NIOTooManyBytesError:
            return APIError(
                .contentTooLarge, "body_too_large", "the request body is over \(ServerLimits.bodyBytes) bytes")
        case let error as HTTPError:
            switch error.status {
            case .notFound:
                return APIError(.notFound, "route_not_found", "no route \(request.method) \(request.uri.path)")
            case .methodNotAllowed:
                return APIError(.methodNotAllowed, "method_not_allowed", "\(request.method) is not allowed here")
            case .contentTooLarge:
                return APIError(
                    .contentTooLarge, "body_too_large", "the request body is over \(ServerLimits.bodyBytes) bytes")
            default:
                return APIError(error.status, "invalid_input", error.body ?? error.status.reasonPhrase)
            }
        case _ where DatabaseFailure.isUnavailable(error):
            logger.warning("database unavailable", metadata: ["error": "\(String(reflecting: error))"])
            return .databaseUnavailable
        default:
            logger.error(
                "request failed", metadata: ["error": "\(String(reflecting: error))", "path": "\(request.uri.path)"])
            return .unexpected
        }
    }
}
