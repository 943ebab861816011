import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP connection to a server on loopback that sends exactly the bytes it is given, when it is
/// told to: what a slow or broken client does, which an HTTP client library never would.
public final class RawConnection {
    private let socket: Int32

    /// `source`: the loopback address it connects from (all of 127/8 is loopback on Linux), so
    /// that one test can be several clients as the server counts them.
    public init(port: Int, from source: String = "127.0.0.1") throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw RawConnectionError("socket: \(String(cString: strerror(errno)))") }
        for (step, host, port) in [("bind \(source)", source, 0), ("connect", "127.0.0.1", port)] {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr(host)
            let done = withUnsafePointer(to: &address) { [socket] in
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    let size = socklen_t(MemoryLayout<sockaddr_in>.size)
                    return step == "connect" ? connect(socket, $0, size) : bind(socket, $0, size)
                }
            }
            guard done == 0 else {
                close(socket)
                throw RawConnectionError("\(step): \(String(cString: strerror(errno)))")
            }
        }
    }

    deinit {
        close(socket)
    }

    public func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let result = bytes[sent...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard result > 0 else { throw RawConnectionError("send: \(String(cString: strerror(errno)))") }
            sent += result
        }
    }

    /// What the server sends until `marker` has arrived, or nil if it has not after `seconds`.
    public func read(until marker: String, within seconds: Double) async throws -> String? {
        let received = try await receive(within: seconds) { $0.contains(marker) }
        return received.done ? received.text : nil
    }

    /// Everything the server sends until it closes the connection, or nil if it is still open
    /// after `seconds`.
    public func readUntilClosed(within seconds: Double) async throws -> String? {
        let received = try await receive(within: seconds) { _ in false }
        return received.closed ? received.text : nil
    }

    /// Reads until `done` says the text so far is enough, the server closes the connection, or
    /// `seconds` pass. It never blocks a thread of the test's pool: it looks, then sleeps.
    private func receive(within seconds: Double, until done: (String) -> Bool) async throws -> (
        text: String, closed: Bool, done: Bool
    ) {
        let deadline = Date().addingTimeInterval(seconds)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 0) > 0 else {
                try await Task.sleep(for: .milliseconds(50))
                continue
            }
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            let text = String(decoding: received, as: UTF8.self)
            if count <= 0 { return (text, true, false) }
            received += buffer[..<count]
            let now = String(decoding: received, as: UTF8.self)
            if done(now) { return (now, false, true) }
        }
        return (String(decoding: received, as: UTF8.self), false, false)
    }
}

public struct RawConnectionError: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
