/// A server address as it may be shown: never with the `user:password@` part an address can
/// carry. `remote set` refuses such an address, but what it refuses is echoed in the error, and a
/// file's stored address is untrusted: every message and listing that shows one goes through here.
enum ServerAddress {
    /// `text` without the userinfo of its authority (everything up to the last `@` before the
    /// path), with or without a scheme; unchanged when it has none.
    static func shown(_ text: String) -> String {
        let authorityStart = text.range(of: "://")?.upperBound ?? text.startIndex
        let rest = text[authorityStart...]
        let authorityEnd = rest.firstIndex { "/?#".contains($0) } ?? rest.endIndex
        guard let at = rest[..<authorityEnd].lastIndex(of: "@") else { return text }
        return String(text[..<authorityStart] + rest[rest.index(after: at)...])
    }
}
