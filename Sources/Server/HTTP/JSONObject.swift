import ClubhouseSyncWire
import Foundation
import Hummingbird

/// A request body that must be a JSON object, with typed accessors whose refusals are
/// `invalid_field` errors naming the field. The body is read into the sync wire's `SyncValue`
/// (any JSON value, absent and `null` apart, integers exact) rather than straight into a
/// Decodable type, so that each refusal can say what was sent (`typeName`).
package struct JSONObject: Sendable {
    package let fields: [String: SyncValue]

    package init(fields: [String: SyncValue]) {
        self.fields = fields
    }

    /// Reads the body (at most `ServerLimits.bodyBytes`) and parses it; refuses unknown fields.
    package static func read(_ request: Request, allowing allowed: Set<String>) async throws -> JSONObject {
        let data = try await RequestBody.json(request, limit: ServerLimits.bodyBytes)
        let value: SyncValue
        do {
            value = try JSONDecoder().decode(SyncValue.self, from: data)
        } catch {
            throw APIError(.badRequest, "malformed_json", "the request body is not valid JSON")
        }
        guard case .object(let fields) = value else {
            throw APIError(.badRequest, "malformed_json", "the request body must be a JSON object")
        }
        if let unknown = fields.keys.filter({ !allowed.contains($0) }).sorted().first {
            throw APIError.invalidField(
                unknown, "unknown field '\(unknown)'; expected \(allowed.sorted().joined(separator: ", "))")
        }
        return JSONObject(fields: fields)
    }

    package func has(_ key: String) -> Bool { fields[key] != nil }

    package func string(_ key: String) throws -> String? {
        switch fields[key] {
        case nil, .null: return nil
        case .string(let value): return value
        case let other?: throw APIError.invalidField(key, "\(key) must be a string, not \(other.typeName)")
        }
    }

    package func requiredString(_ key: String) throws -> String {
        guard let value = try string(key) else { throw APIError.invalidField(key, "\(key) is required") }
        return value
    }

    package func integer(_ key: String) throws -> Int? {
        switch fields[key] {
        case nil, .null: return nil
        case .int(let value):
            guard let value = Int(exactly: value) else { throw APIError.invalidField(key, "\(key) is out of range") }
            return value
        case .double(let value) where value.rounded() == value && abs(value) < 1e15:
            return Int(value)
        case let other?: throw APIError.invalidField(key, "\(key) must be a whole number, not \(other.typeName)")
        }
    }

    package func requiredInteger(_ key: String) throws -> Int {
        guard let value = try integer(key) else { throw APIError.invalidField(key, "\(key) is required") }
        return value
    }

    package func bool(_ key: String) throws -> Bool? {
        switch fields[key] {
        case nil, .null: return nil
        case .bool(let value): return value
        case let other?: throw APIError.invalidField(key, "\(key) must be true or false, not \(other.typeName)")
        }
    }

    /// An array of whole numbers (ids); each element's fault names its index.
    package func integers(_ key: String) throws -> [Int64] {
        switch fields[key] {
        case nil, .null: throw APIError.invalidField(key, "\(key) is required")
        case .array(let values):
            return try values.enumerated().map { index, value in
                switch value {
                case .int(let id): return id
                default:
                    throw APIError.invalidField(
                        "\(key)[\(index)]",
                        "\(key)[\(index)] must be a player id (a whole number), not \(value.typeName)")
                }
            }
        case let other?:
            throw APIError.invalidField(key, "\(key) must be an array of player ids, not \(other.typeName)")
        }
    }
}

/// Query parameters and path segments, with the same errors.
package enum RequestParameters {
    package static func id(_ context: some RequestContext, _ name: String = "id") throws -> Int64 {
        guard let text = context.parameters.get(name), let id = Int64(text), id > 0 else {
            throw APIError.invalidField(name, "\(name) must be a positive whole number")
        }
        return id
    }

    package static func integer(_ request: Request, _ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = request.uri.queryParameters.get(name) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw APIError.invalidField(
                name, "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// `limit`, 1…maximumPageSize, defaulting to defaultPageSize.
    package static func limit(_ request: Request) throws -> Int {
        try integer(request, "limit", in: 1...ServerLimits.maximumPageSize) ?? ServerLimits.defaultPageSize
    }
}
