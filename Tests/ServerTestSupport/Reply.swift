import Foundation
import Hummingbird

/// A JSON answer from the server.
package struct Reply: Sendable {
    package let status: HTTPResponse.Status
    package let headers: HTTPFields
    package let body: Data

    package var json: Any? { try? JSONSerialization.jsonObject(with: body) }
    package var object: [String: Any] { json as? [String: Any] ?? [:] }
    package subscript(key: String) -> Any? { object[key] }

    /// The `error` object of an error reply.
    package var error: (code: String, message: String, field: String?)? {
        guard let error = object["error"] as? [String: Any], let code = error["code"] as? String,
            let message = error["message"] as? String
        else { return nil }
        return (code, message, error["field"] as? String)
    }

    package var text: String { String(decoding: body, as: UTF8.self) }

    package init(status: HTTPResponse.Status, headers: HTTPFields, body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
