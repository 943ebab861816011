import Foundation
import NIOConcurrencyHelpers

/// The `Host` headers a page answers to. A browser sends the name it looked up: a page of
/// another site whose name comes to point at this machine (DNS rebinding) sends its own name,
/// and is refused, so its script can never read a page or post a form here.
struct WebHosts: Sendable {
    let names: Set<String>
    /// Bound beyond loopback: any address typed as digits reaches it, and names cannot be known.
    let acceptsAddresses: Bool

    init(bind: String) {
        var names: Set<String> = ["localhost", "127.0.0.1", "[::1]"]
        if !Self.isLoopback(bind) {
            names.insert(ProcessInfo.processInfo.hostName.lowercased())
            if !Self.isAnyAddress(bind) { names.insert(bind.contains(":") ? "[\(bind)]" : bind) }
        }
        self.names = names
        acceptsAddresses = !Self.isLoopback(bind)
    }

    /// Whether `host` (`name:port`) is one of this server's names. The name is what a rebinding
    /// page cannot fake; the port it gives is the one it reached, whatever it is.
    func accepts(_ host: String) -> Bool {
        guard let name = Self.name(host.lowercased()) else { return false }
        if names.contains(name) { return true }
        return acceptsAddresses && Self.isAddressLiteral(name)
    }

    static func isLoopback(_ bind: String) -> Bool {
        bind == "localhost" || bind == "::1" || bind.hasPrefix("127.")
    }

    static func isAnyAddress(_ bind: String) -> Bool { bind == "0.0.0.0" || bind == "::" }

    /// What `clubhouse web` prints: an address a browser on this machine can open.
    static func address(bind: String, port: Int) -> String {
        let host = isAnyAddress(bind) ? "127.0.0.1" : bind.contains(":") ? "[\(bind)]" : bind
        return "http://\(host):\(port)/"
    }

    /// The name of `name[:port]` (an IPv6 address keeps its brackets).
    static func name(_ host: String) -> String? {
        var name = Substring(host)
        if let colon = host.lastIndex(of: ":"), !host.hasSuffix("]"), Int(host[host.index(after: colon)...]) != nil {
            name = host[..<colon]
        }
        return name.isEmpty ? nil : String(name)
    }

    private static func isAddressLiteral(_ name: String) -> Bool {
        if name.hasPrefix("[") && name.hasSuffix("]") { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in UInt8(part) != nil }
    }
}

/// The hosts, known once the server is listening (its port may be any free one).
final class WebHostsBox: Sendable {
    private let hosts = NIOLockedValueBox<WebHosts?>(nil)

    func set(_ value: WebHosts) { hosts.withLockedValue { $0 = value } }
    var current: WebHosts? { hosts.withLockedValue { $0 } }
}
