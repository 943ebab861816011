import NIOCore

/// Who asks for a password hash, for its turn: a device the account gave a cookie to (its
/// sign-in counted in `SignInLane.device`), or any other client, by the address it connects from.
package enum HashingClient: Sendable, Hashable {
    case knownDevice
    case client(ClientAddress)
}

/// Why a hash was not queued: the client already has its share waiting, or the server has as
/// many waiting as it queues.
package enum HashingRefusal: Error, Equatable {
    case clientHasItsShare
    /// With how many seconds until a turn is likely.
    case busy(retryAfter: Int)
}

/// The hashing slots, shared so that no client can take them all. Hashing is the one costly
/// thing an anonymous request can make the server do (and an unknown username costs a decoy
/// hash, so that it answers like a wrong password): with one queue in arrival order, 60 sign-ins
/// for names that do not exist made a real one wait 27 s. So:
/// - known devices go first;
/// - other clients take turns round the table, one hash each, however many each sent;
/// - a client has at most `perClient` waiting and the server at most `total`: past either, the
///   request is refused at once (429 or 503 with Retry-After) instead of queueing behind a flood.
actor HashingTurns {
    private var free: Int
    private let slots: Int
    private let perClient: Int
    private let total: Int
    private var known: [CheckedContinuation<Void, Never>] = []
    private var queues: [ClientAddress: [CheckedContinuation<Void, Never>]] = [:]
    /// Clients with someone waiting, in the order their next turn comes.
    private var rotation: [ClientAddress] = []
    private var waitingClients = 0
    /// Seconds a hash took, smoothed: what a Retry-After estimate multiplies.
    private var hashSeconds = 0.5

    init(slots: Int, perClient: Int, total: Int) {
        self.slots = max(slots, 1)
        free = self.slots
        self.perClient = max(perClient, 1)
        self.total = max(total, 1)
    }

    func take<Result: Sendable>(for client: HashingClient, _ body: @Sendable () async throws -> Result)
        async throws -> Result
    {
        if free > 0 {
            free -= 1
        } else {
            switch client {
            case .knownDevice:
                guard known.count < total else { throw HashingRefusal.busy(retryAfter: retryAfter) }
                await withCheckedContinuation { known.append($0) }
            case .client(let address):
                if queues[address, default: []].count >= perClient { throw HashingRefusal.clientHasItsShare }
                guard waitingClients < total else { throw HashingRefusal.busy(retryAfter: retryAfter) }
                if queues[address] == nil { rotation.append(address) }
                waitingClients += 1
                await withCheckedContinuation { queues[address, default: []].append($0) }
            }
        }
        defer { handOn() }
        let start = ContinuousClock.now
        let result = try await body()
        let took = ContinuousClock.now - start
        hashSeconds =
            hashSeconds * 0.8 + 0.2 * (Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18)
        return result
    }

    /// How long until a request queued now would likely get its turn, in whole seconds.
    private var retryAfter: Int {
        max(1, Int((Double(known.count + waitingClients) * hashSeconds / Double(slots)).rounded(.up)))
    }

    private func handOn() {
        if !known.isEmpty {
            known.removeFirst().resume()
        } else if !rotation.isEmpty {
            let address = rotation.removeFirst()
            var queue = queues[address] ?? []
            let next = queue.removeFirst()
            if queue.isEmpty {
                queues[address] = nil
            } else {
                queues[address] = queue
                rotation.append(address)
            }
            waitingClients -= 1
            next.resume()
        } else {
            free += 1
        }
    }
}

/// A client's address as hashing turns count it: an IPv4 address, an IPv6 address's /64 (one
/// host is usually given a whole /64, so one client per address would be 2^64 clients), or one
/// shared value for a connection without an IP address (a unix socket, the router tests).
package struct ClientAddress: Sendable, Hashable, CustomStringConvertible {
    package let description: String

    package init(_ address: SocketAddress?) {
        switch address {
        case .v4(let v4)?:
            description = v4.host
        case .v6(let v6)?:
            var raw = v6.address.sin6_addr
            let bytes = withUnsafeBytes(of: &raw) { Array($0.prefix(8)) }
            description = bytes.map { String($0, radix: 16) }.joined(separator: ".") + "/64"
        default:
            description = "local"
        }
    }
}
