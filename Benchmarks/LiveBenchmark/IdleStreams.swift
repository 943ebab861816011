import Foundation
import Synchronization

/// `streams` idle live devices on one instance: plain change streams (this process reads each as
/// text with one HTTP client; 1 000 `LiveSync`s would measure this machine's two cores running
/// the devices, not the server), `perAccount` devices per account (an instance holds at most 32
/// of one account), each account signed up and in through the REST API. Held for `hold`, the
/// server's resident memory and CPU time sampled every `every`: they must stay flat.
struct IdleStreams {
    let url: String
    let serverPID: Int32
    let streams: Int
    let perAccount: Int
    let hold: Duration
    let every: Duration
    let api: ServerAPI

    struct Sample {
        var second: Int
        var open: Int
        var rssMiB: Double
        var cpuSeconds: Double
        var bytesRead: Int
    }

    struct Figures {
        var before: ProcessSample
        var opening: Double
        var samples: [Sample]
        var endedEarly: [String]
        var refused: Int
        var serverStreams: Double?
        /// Streams the server still counted before they opened (other parts' devices not yet noticed gone).
        var serverStreamsBefore: Double?
        /// How long after the clients closed theirs the server counted no more than before (nil: not within 60 s).
        var givenBack: Double?
    }

    func run(prefix: String) async throws -> Figures {
        let accounts = (streams + perAccount - 1) / perAccount
        // Sign-ups and sign-ins hash passwords at the server's production cost: two at a time.
        var tokens: [String] = []
        try await withThrowingTaskGroup(of: String.self) { group in
            var next = 0
            func add() {
                let account = "\(prefix)\(next)"
                group.addTask { try await api.token(url, account: account, register: true) }
                next += 1
            }
            while next < min(2, accounts) { add() }
            while let token = try await group.next() {
                tokens.append(token)
                if next < accounts { add() }
            }
        }
        let signedIn = tokens
        let streamsBefore = try? await api.metrics(url)["clubhouse_live_streams"]
        guard let before = ProcessSample(pid: serverPID) else { throw BenchmarkError("no /proc for \(serverPID)") }

        let open = Locked(0)
        let refused = Locked(0)
        let bytes = Locked(0)
        let ended = Locked<[String]>([])
        let started = wallClock()
        let readers = Task { [api, url] in
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<streams {
                    let token = signedIn[index % accounts]
                    group.addTask {
                        let end = await api.stream(
                            url, token: token, device: UUID(),
                            opened: { status in
                                if status == 200 { open.withLock { $0 += 1 } } else { refused.withLock { $0 += 1 } }
                            },
                            bytes: { count in bytes.withLock { $0 += count } })
                        if case .cancelled = end { return }
                        open.withLock { $0 -= 1 }
                        ended.withLock { $0.append("\(end)") }
                    }
                }
            }
        }
        try await waitUntil("\(streams) streams open", seconds: 120) {
            open.withLock { $0 } + refused.withLock { $0 } >= streams
        }
        let opening = wallClock() - started
        let serverStreams = try? await api.metrics(url)["clubhouse_live_streams"]

        var samples: [Sample] = []
        let clock = ContinuousClock()
        let start = clock.now
        var elapsed = Duration.zero
        while true {
            guard let now = ProcessSample(pid: serverPID) else { throw BenchmarkError("the server is gone") }
            samples.append(
                Sample(
                    second: Int(elapsed.components.seconds), open: open.withLock { $0 }, rssMiB: now.rssMiB,
                    cpuSeconds: now.cpuSeconds - before.cpuSeconds, bytesRead: bytes.withLock { $0 }))
            if elapsed >= hold { break }
            elapsed += every
            try await clock.sleep(until: start + elapsed)
        }
        readers.cancel()
        await readers.value
        // The server notices a closed stream at its next write (a keep-alive at most 15 s later).
        let closed = wallClock()
        var givenBack: Double?
        while wallClock() < closed + 60 {
            if let now = try? await api.metrics(url)["clubhouse_live_streams"], now <= streamsBefore ?? 0 {
                givenBack = wallClock() - closed
                break
            }
            try await Task.sleep(for: .milliseconds(500))
        }
        return Figures(
            before: before, opening: opening, samples: samples, endedEarly: ended.withLock { $0 },
            refused: refused.withLock { $0 }, serverStreams: serverStreams, serverStreamsBefore: streamsBefore,
            givenBack: givenBack)
    }
}
