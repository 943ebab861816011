import Foundation
import Hummingbird

/// Successful answers: JSON with the status the OpenAPI document gives each route.
package enum JSONResponse {
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    package static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: try body(value)))
    }

    /// The JSON of `value` and a newline: a body ends its last line, as text a person reads with
    /// curl does (a decoder takes the whitespace as it is).
    package static func body(_ value: some Encodable) throws -> ByteBuffer {
        var data = try encoder.encode(value)
        data.append(UInt8(ascii: "\n"))
        return ByteBuffer(bytes: data)
    }

    package static func noContent() -> Response {
        Response(status: .noContent)
    }
}

extension Date {
    /// ISO-8601 in UTC with milliseconds, as every time in the API is written.
    package var apiText: String {
        Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(self)
    }
}
