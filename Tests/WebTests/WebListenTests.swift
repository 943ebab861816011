import Clubhouse
import ClubhouseTestSupport
import Foundation
import Testing

@testable import ClubhouseWeb

#if canImport(Glibc)
    import Glibc
#endif

/// Where `clubhouse web` cannot listen it says why in one line (the CLI prints it as `error:`):
/// a port another program holds, an address this machine does not have, a name that resolves to
/// nothing. Before, the CLI matched the error's text and printed NIO's description for the rest.
@Suite struct WebListenTests {
    /// A port held by a socket listening on loopback, until `body` has run.
    static func holdingAPort<T>(_ body: (Int) async throws -> T) async throws -> T {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(socket >= 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        #expect(bound == 0)
        #expect(listen(socket, 1) == 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        return try await body(Int(UInt16(bigEndian: address.sin_port)))
    }

    static func startError(bind: String = "127.0.0.1", port: Int?) async throws -> String? {
        let folder = try TemporaryFolder()
        let path = folder.path("web.sqlite")
        _ = try ClubhouseApp(path: path, hashingCost: .testing)
        let server = try WebServer(
            location: try ClubhouseApp.Location(path: path), options: .init(bind: bind, port: port))
        do {
            try await server.run { _ in Issue.record("listening on \(bind) port \(port ?? -1)") }
            return nil
        } catch let error as WebStartError {
            return error.message
        }
    }

    @Test func aPortInUseIsSaid() async throws {
        let message = try await Self.holdingAPort { port in try await Self.startError(port: port) }
        #expect(message?.hasPrefix("port ") == true)
        #expect(message?.hasSuffix(" is in use: choose another with --port, or leave it out for a free one") == true)
    }

    @Test func anAddressThisMachineDoesNotHaveIsSaid() async throws {
        // 192.0.2.0/24 is TEST-NET-1: never a local address.
        let message = try await Self.startError(bind: "192.0.2.1", port: 0)
        #expect(message == "cannot listen on 192.0.2.1 port 0: cannot assign requested address")
    }

    @Test func aNameThatResolvesToNothingIsSaid() async throws {
        let message = try await Self.startError(bind: "no-such-host.invalid", port: 0)
        #expect(message == "cannot listen on no-such-host.invalid: no such address on this machine")
    }
}
