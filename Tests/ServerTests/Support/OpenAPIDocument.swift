import Foundation

/// docs/openapi.json, and a check of a reply against it: the status is one the operation
/// documents, and the body has the documented schema's required fields, types and enums.
struct OpenAPIDocument: @unchecked Sendable {
    let root: [String: Any]

    static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appending(path: "docs/openapi.json")

    init() throws {
        let data = try Data(contentsOf: Self.url)
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw ClusterError("docs/openapi.json is not an object")
        }
        self.root = root
    }

    static let methods = ["get", "put", "post", "delete", "patch", "head", "options"]

    /// `METHOD /path/{parameter}` for every operation.
    var operations: Set<String> {
        let paths = root["paths"] as? [String: [String: Any]] ?? [:]
        return Set(
            paths.flatMap { path, item in
                item.keys.filter(Self.methods.contains).map { "\($0.uppercased()) \(path)" }
            })
    }

    private func resolve(_ object: [String: Any]) -> [String: Any] {
        guard let reference = object["$ref"] as? String else { return object }
        var node: Any = root
        for part in reference.dropFirst(2).split(separator: "/") {
            node = (node as? [String: Any])?[String(part)] ?? [:]
        }
        return resolve(node as? [String: Any] ?? [:])
    }

    /// What is wrong with `reply` as the answer of `method template`; empty when it conforms.
    func problems(_ method: String, _ template: String, status: Int, body: Data) -> [String] {
        let paths = root["paths"] as? [String: [String: Any]] ?? [:]
        guard let operation = paths[template]?[method.lowercased()] as? [String: Any] else {
            return ["\(method) \(template) is not documented"]
        }
        let responses = operation["responses"] as? [String: Any] ?? [:]
        guard let documented = (responses[String(status)] ?? responses["default"]) as? [String: Any] else {
            return ["\(method) \(template) answered \(status), which it does not document"]
        }
        let response = resolve(documented)
        guard let content = response["content"] as? [String: Any] else {
            return body.isEmpty ? [] : ["\(method) \(template) \(status) documents no body but has one"]
        }
        guard let json = content["application/json"] as? [String: Any], let schema = json["schema"] as? [String: Any]
        else { return [] }
        guard let value = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else {
            return ["\(method) \(template) \(status): the body is not JSON"]
        }
        return validate(value, schema, at: "\(method) \(template) \(status)")
    }

    private func validate(_ value: Any, _ schemaObject: [String: Any], at path: String) -> [String] {
        let schema = resolve(schemaObject)
        var problems: [String] = []
        for part in schema["allOf"] as? [[String: Any]] ?? [] { problems += validate(value, part, at: path) }
        if let type = schema["type"] {
            let types = (type as? [String]) ?? [(type as? String) ?? ""]
            guard types.contains(where: { Self.matches(value, $0) }) else {
                return problems + ["\(path): \(value) is not \(types.joined(separator: " or "))"]
            }
        }
        if let allowed = schema["enum"] as? [String], let text = value as? String, !allowed.contains(text) {
            problems.append("\(path): \(text) is not one of \(allowed)")
        }
        if let object = value as? [String: Any] {
            for key in schema["required"] as? [String] ?? [] where object[key] == nil {
                problems.append("\(path): required \(key) is missing")
            }
            let properties = schema["properties"] as? [String: [String: Any]] ?? [:]
            for (key, field) in object {
                if let property = properties[key] {
                    problems += validate(field, property, at: "\(path).\(key)")
                } else if schema["additionalProperties"] as? Bool == false || !properties.isEmpty {
                    problems.append("\(path): \(key) is not documented")
                }
            }
        }
        if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
            for (index, item) in array.enumerated() { problems += validate(item, items, at: "\(path)[\(index)]") }
        }
        return problems
    }

    private static func matches(_ value: Any, _ type: String) -> Bool {
        switch type {
        case "null": value is NSNull
        case "string": value is String
        case "object": value is [String: Any]
        case "array": value is [Any]
        case "boolean": value is Bool
        // Loose about booleans: Foundation may hand 0 and 1 back as either.
        case "integer": (value as? NSNumber).map { $0.doubleValue.rounded() == $0.doubleValue } ?? false
        case "number": value is NSNumber
        default: false
        }
    }
}
