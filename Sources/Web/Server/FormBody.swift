import Foundation
import Hummingbird

/// A posted form (`application/x-www-form-urlencoded`), decoded by Hummingbird's decoder: at
/// most `limit` bytes, each name once.
struct FormBody: Sendable {
    struct Refusal: Error {
        var status: HTTPResponse.Status
        var message: String
    }

    /// Enough for every field of a form at its longest, typed in full.
    static let limit = 256 * 1024

    let fields: [String: String]

    init(fields: [String: String]) {
        self.fields = fields
    }

    init(_ request: Request) async throws {
        let type = request.headers[.contentType]?.lowercased() ?? ""
        guard type.hasPrefix("application/x-www-form-urlencoded") else {
            throw Refusal(
                status: .unsupportedMediaType, message: "a form is posted as application/x-www-form-urlencoded")
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: Self.limit)
        } catch {
            throw Refusal(status: .contentTooLarge, message: "the form is over \(Self.limit / 1024) KiB")
        }
        // The values too, once their %-escapes are read (`name=%ff` is ASCII on the wire): the
        // decoder would store U+FFFD in their place.
        guard let text = String(validating: buffer.readableBytesView, as: UTF8.self),
            text.removingPercentEncoding != nil
        else {
            throw Refusal(status: .badRequest, message: "the form is not UTF-8 text")
        }
        do {
            fields = try URLEncodedFormDecoder().decode([String: String].self, from: text)
        } catch {
            throw Refusal(status: .badRequest, message: "the form's body is not a form (each field once, name=value)")
        }
    }

    subscript(name: String) -> String? { fields[name] }

    /// The record's fields: every posted name that is not the page's own (`_csrf`, `_do`, …).
    var recordFields: [String: String] { fields.filter { !$0.key.hasPrefix("_") } }
}
