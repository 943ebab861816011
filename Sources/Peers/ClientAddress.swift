import NIOCore

/// A client's address as turns for costly work (password checks) count it: an IPv4 address, an
/// IPv6 address's /64 (one host is usually given a whole /64, so one client per address would be
/// 2^64 clients), or one shared value for a connection without an IP address (a unix socket, the
/// router tests). An IPv4 client of a dual-stack listener (`::ffff:a.b.c.d`) is its IPv4 address:
/// as a /64, every IPv4 client would be one client.
package struct ClientAddress: Sendable, Hashable, CustomStringConvertible {
    package let description: String

    package init(_ address: SocketAddress?) {
        switch address {
        case .v4?:
            // From the address's bytes: `host` is the name it was made from, empty for a literal.
            description = address?.ipAddress ?? "v4"
        case .v6(let v6)?:
            var raw = v6.address.sin6_addr
            let bytes = withUnsafeBytes(of: &raw) { Array($0) }
            if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff {
                description = bytes[12...].map { String($0) }.joined(separator: ".")
            } else {
                description = bytes.prefix(8).map { String($0, radix: 16) }.joined(separator: ".") + "/64"
            }
        default:
            description = "local"
        }
    }
}
