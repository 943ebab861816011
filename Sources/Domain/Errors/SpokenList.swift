/// Items named in a sentence as people write them: "a", "a and b", "a, b and c" (or "or").
/// Messages on every side (the app, the CLI, the server) name lists this one way.
public enum SpokenList {
    public static func joined(_ items: [String], _ conjunction: String = "and") -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
