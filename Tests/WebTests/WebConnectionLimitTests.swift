import ClubhouseTestSupport
import Foundation
import Hummingbird
import Testing

@testable import ClubhouseWeb

/// `clubhouse web` holds a bounded number of connections: before, a script opening sockets by
/// the thousand (each closed only after 30 s idle) could take every descriptor the process has,
/// and the next page's database file could not be opened.
@Suite struct WebConnectionLimitTests {
    static func request(_ port: Int) -> String {
        "GET /_/app.js HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
    }

    @Test func aConnectionPastTheBoundWaitsUntilOneCloses() async throws {
        try await WebHarness().live(.init(port: 0, maxConnections: 2)) { port in
            var open: [RawConnection] = []
            for _ in 0..<2 {
                let connection = try RawConnection(port: port)
                try connection.send(Self.request(port))
                // Answered, and kept alive: both are open and counted.
                #expect(try await connection.read(until: "HTTP/1.1 200", within: 60) != nil)
                open.append(connection)
            }
            let third = try RawConnection(port: port)  // the kernel's listen queue takes it
            try third.send(Self.request(port))
            let early = try await third.read(until: "HTTP/1.1", within: 1)
            #expect(early == nil, "answered past the bound: \(early ?? "")")
            open.removeFirst()  // closed: a place is free
            #expect(try await third.read(until: "HTTP/1.1 200", within: 60) != nil)
        }
    }
}
