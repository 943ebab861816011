import ClubhouseSyncWire
import Foundation
import Hummingbird
import PostgresNIO

extension DatabaseFailure {
    /// Whether PostgreSQL refused a value (data exception, class 22, or integrity constraint,
    /// class 23) rather than failed.
    static func isRefusal(_ error: any Error) -> Bool {
        guard let state = sqlState(error) else { return false }
        return state.hasPrefix("22") || state.hasPrefix("23")
    }
}

/// Reading the sync endpoints' bodies and parameters: typed by the wire module, refused in the
/// API's one error shape, the field at fault named.
enum SyncRequests {
    /// Reads a body of at most `limit` bytes as `Body`.
    static func decode<Body: Decodable>(_: Body.Type, _ request: Request, limit: Int) async throws -> Body {
        let data = try await RequestBody.json(request, limit: limit)
        guard (try? JSONSerialization.jsonObject(with: data)) is [String: Any] else {
            throw APIError(.badRequest, "malformed_json", "the request body must be a JSON object")
        }
        do {
            return try JSONDecoder().decode(Body.self, from: data)
        } catch let error as DecodingError {
            throw refusal(error)
        }
    }

    /// `changes.3.entity: ...`: the path of the value at fault and what was wrong with it.
    static func refusal(_ error: DecodingError) -> APIError {
        let (path, problem): ([any CodingKey], String) =
            switch error {
            case .keyNotFound(let key, let context): (context.codingPath + [key], "is required")
            case .valueNotFound(_, let context): (context.codingPath, "must not be null")
            case .typeMismatch(let type, let context): (context.codingPath, "must be \(describe(type))")
            case .dataCorrupted(let context): (context.codingPath, "is not valid here")
            @unknown default: ([], "is not valid")
            }
        let field = path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        return APIError.invalidField(field.isEmpty ? "body" : field, "\(field.isEmpty ? "the body" : field) \(problem)")
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int64.Type, is Int.Type: "an integer"
        case is Bool.Type: "a boolean"
        case is [Any].Type: "an array"
        default: "an object"
        }
    }

    /// A change's own numbers, which no record's rule checks: `madeAt` an instant between 1970 and
    /// 9999, `base` a cursor (never negative). Out of range, the push is refused naming the one
    /// at fault, so nothing the server keeps or sends on holds a value a device cannot read.
    static func checkNumbers(of changes: [SyncChange]) throws {
        for (index, change) in changes.enumerated() {
            guard SyncInstants.range.contains(change.madeAt) else {
                throw APIError.invalidField(
                    "changes.\(index).madeAt",
                    "changes.\(index).madeAt must be an instant between 1970 and 9999 (Unix ms)")
            }
            guard change.base >= 0 else {
                throw APIError.invalidField(
                    "changes.\(index).base", "changes.\(index).base must be a cursor (0 or more)")
            }
        }
    }

    /// The required `device` query parameter.
    static func device(_ request: Request) throws -> UUID {
        guard let text = request.uri.queryParameters.get("device"), let device = UUID(uuidString: text) else {
            throw APIError.invalidField("device", "device must be the device's id (a UUID)")
        }
        return device
    }

    /// An optional query parameter in `range`.
    static func integer(_ request: Request, _ name: String, in range: ClosedRange<Int64>) throws -> Int64? {
        guard let text = request.uri.queryParameters.get(name) else { return nil }
        guard let value = Int64(text), range.contains(value) else {
            throw APIError.invalidField(
                name, "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }
}
