import ClubhouseDomain
import Foundation
import Hummingbird

/// Every failure a client sees, as one JSON shape:
/// `{"error":{"code":"...","message":"...","field":...}}`. `code` is stable (clients branch on it),
/// `message` is for people (the CLI's sentence where the CLI has one), `field` names the request
/// field at fault or is null.
package struct APIError: Error, Equatable, Sendable {
    package var status: HTTPResponse.Status
    package var code: String
    package var message: String
    package var field: String?
    /// Seconds to wait before trying again (429, 503).
    package var retryAfter: Int?

    package init(
        _ status: HTTPResponse.Status, _ code: String, _ message: String, field: String? = nil,
        retryAfter: Int? = nil
    ) {
        self.status = status
        self.code = code
        self.message = message
        self.field = field
        self.retryAfter = retryAfter
    }

    /// Every code the server answers with, as the OpenAPI document lists them.
    package static let codes: Set<String> = [
        "malformed_json", "invalid_field", "invalid_input", "body_too_large", "unauthorized",
        "wrong_credentials", "too_many_attempts", "username_taken", "not_found", "route_not_found",
        "method_not_allowed", "no_gather_in_progress", "gather_in_progress", "gather_ended",
        "gather_still_in_progress", "no_handoff", "database_unavailable", "internal", "cursor_ahead",
        "too_many_streams", "malformed_body", "body_too_slow", "upload_aborted", "value_taken",
    ]

    package static func invalidField(_ field: String, _ message: String) -> APIError {
        APIError(.badRequest, "invalid_field", message, field: field)
    }

    package static func notFound(_ message: String) -> APIError {
        APIError(.notFound, "not_found", message)
    }

    package static let unauthorized = APIError(
        .unauthorized, "unauthorized", "a valid bearer token is required (sign in at POST /v1/sessions)")
    package static let databaseUnavailable = APIError(
        .serviceUnavailable, "database_unavailable", "the database is unavailable; try again shortly", retryAfter: 1)
    package static let unexpected = APIError(
        .internalServerError, "internal", "the server failed to answer; the failure is logged")

    /// A domain rule's refusal, with the CLI's own sentence.
    package init(_ error: ClubhouseError, field: String? = nil) {
        switch error {
        case .wrongCredentials: self.init(.unauthorized, "wrong_credentials", error.message)
        case .usernameTaken, .usernameLookalike:
            self.init(.conflict, "username_taken", error.message, field: "username")
        case .invalidInput(let message): self.init(.unprocessableContent, "invalid_input", message, field: field)
        case .playerNotFound, .gatherNotFound, .bookNotFound, .questionNotFound:
            self.init(.notFound, "not_found", error.message)
        case .noGatherInProgress: self.init(.notFound, "no_gather_in_progress", error.message)
        case .gatherInProgress: self.init(.conflict, "gather_in_progress", error.message)
        case .gatherEnded: self.init(.conflict, "gather_ended", error.message)
        case .gatherStillInProgress: self.init(.conflict, "gather_still_in_progress", error.message)
        default: self = .unexpected
        }
    }

    /// The response body.
    package struct Body: Codable, Equatable, Sendable {
        package struct Detail: Codable, Equatable, Sendable {
            package var code: String
            package var message: String
            package var field: String?

            package func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(code, forKey: .code)
                try container.encode(message, forKey: .message)
                // Always present, null when no field is at fault: one shape for every error.
                try container.encode(field, forKey: .field)
            }
        }

        package var error: Detail
    }

    package var response: Response {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        let body = Body(error: .init(code: code, message: message, field: field))
        // Strings and an optional string: encoding cannot fail.
        let bytes = (try? JSONResponse.body(body)) ?? ByteBuffer()
        return Response(status: status, headers: headers, body: .init(byteBuffer: bytes))
    }
}
