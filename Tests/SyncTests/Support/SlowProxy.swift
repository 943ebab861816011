import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A slow network between devices and the server: a TCP proxy on a loopback port that holds back
/// each piece of every answer for a random while (up to `longestDelayMs`, 150 ms by default), and asks the server for
/// pages of 1 to 3 changes where a device asks for 500 (`limit=500` rewritten in the request, one
/// byte for another), so that a pull is many pages, each slow to come. Two syncs of one file
/// through it interleave their pages as on a bad network (issue 42, item 1). Threads and blocking
/// sockets: nothing of it runs on Swift's concurrency pool.
final class SlowProxy: @unchecked Sendable {
    let port: Int
    private let upstreamPort: Int
    private let longestDelayMs: Int
    private let listener: Int32
    private let lock = NSLock()
    private var generator: SeededGenerator
    private var open: Set<Int32> = []
    private var stopped = false

    var url: String { "http://127.0.0.1:\(port)" }

    init(upstreamPort: Int, seed: UInt64, longestDelayMs: Int = 150) throws {
        self.upstreamPort = upstreamPort
        self.longestDelayMs = longestDelayMs
        generator = SeededGenerator(seed: seed)
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw ProxyError("socket: errno \(errno)") }
        var one: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = Self.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(listener, 64) == 0 else {
            close(listener)
            throw ProxyError("bind or listen: errno \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        self.listener = listener
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Ends the listener and every connection: a device still syncing through it fails. Only
    /// shuts them down: each descriptor is closed by the thread that uses it (the accept loop, a
    /// connection's pumps), once, so that no close can land on a number already reused by someone
    /// else's socket. (`stop` runs twice, from its owner and from `deinit`; it closed the listener
    /// twice, and the second close could end a socket of the test process's NIO event loop that
    /// had been given the same number, which NIO then found still registered when the number came
    /// back again: its assertion in SelectorGeneric.swift, `registrations[fd] == nil`.)
    func stop() {
        lock.withLock {
            guard !stopped else { return }
            stopped = true
            shutdown(listener, Int32(SHUT_RDWR))
            // Under the lock: a pump removes its sockets from `open` under it before closing them,
            // so each one here is still this proxy's.
            for socket in open { shutdown(socket, Int32(SHUT_RDWR)) }
        }
    }

    deinit { stop() }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                if errno == EINTR, !lock.withLock({ stopped }) { continue }
                // Shut down by `stop`: this thread alone closes the listener.
                close(listener)
                return
            }
            let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = Self.loopback(port: UInt16(upstreamPort))
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            let kept = lock.withLock {
                guard !stopped, connected == 0 else { return false }
                open.insert(client)
                open.insert(upstream)
                return true
            }
            guard kept else {
                close(client)
                if upstream >= 0 { close(upstream) }
                continue
            }
            let done = Pair()
            Thread.detachNewThread { [self] in pump(from: client, to: upstream, answers: false, done: done) }
            Thread.detachNewThread { [self] in pump(from: upstream, to: client, answers: true, done: done) }
        }
    }

    /// Both directions of one connection: the second to end closes both sockets.
    private final class Pair: @unchecked Sendable {
        private let lock = NSLock()
        private var ended = 0
        func end() -> Bool {
            lock.withLock {
                ended += 1
                return ended == 2
            }
        }
    }

    private func pump(from source: Int32, to target: Int32, answers: Bool, done: Pair) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(source, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            if answers {
                usleep(useconds_t(draw(longestDelayMs + 1) * 1000))
            } else {
                smallPages(&buffer, count: count)
            }
            var sent = 0
            while sent < count {
                let wrote = buffer.withUnsafeBytes {
                    send(target, $0.baseAddress! + sent, count - sent, Int32(MSG_NOSIGNAL))
                }
                guard wrote > 0 else { break }
                sent += wrote
            }
            guard sent == count else { break }
        }
        shutdown(target, Int32(SHUT_WR))
        if done.end() {
            lock.withLock {
                open.remove(source)
                open.remove(target)
            }
            close(source)
            close(target)
        }
    }

    private static let asked = Array("limit=500&".utf8)

    /// `limit=500&` becomes `limit=00N&` (N from 1 to 3): the same length, so nothing else moves.
    private func smallPages(_ buffer: inout [UInt8], count: Int) {
        let pattern = Self.asked
        guard count >= pattern.count else { return }
        var index = 0
        while index + pattern.count <= count {
            if buffer[index] == pattern[0], Array(buffer[index..<(index + pattern.count)]) == pattern {
                buffer[index + 6] = UInt8(ascii: "0")
                buffer[index + 7] = UInt8(ascii: "0")
                buffer[index + 8] = UInt8(ascii: "1") + UInt8(draw(3))
                index += pattern.count
            } else {
                index += 1
            }
        }
    }

    private func draw(_ below: Int) -> Int {
        lock.withLock { Int(generator.next() % UInt64(below)) }
    }
}

struct ProxyError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
