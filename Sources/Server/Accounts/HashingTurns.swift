import ClubhousePeers

/// Who asks for a password hash, for its turn: a device the account gave a cookie to (its
/// sign-in counted in `SignInLane.device`; `account` is the username's key), or any other
/// client. Both by the address they connect from.
package enum HashingClient: Sendable, Hashable {
    case knownDevice(account: String, from: ClientAddress)
    case client(ClientAddress)

    var address: ClientAddress {
        switch self {
        case .knownDevice(_, let address), .client(let address): address
        }
    }

    var isKnown: Bool {
        if case .knownDevice = self { true } else { false }
    }
}

/// Why a hash was not queued: the client already has its share waiting, or the server has as
/// many waiting as it queues.
package enum HashingRefusal: Error, Equatable {
    case clientHasItsShare
    /// With how many seconds until a turn is likely.
    case busy(retryAfter: Int)
}

/// A place in the line for a hash, taken before anything is written for the request: a request
/// refused a place (429, 503) has written nothing. Used once, by `HashingTurns.take`, or given
/// back by `leave`.
package struct HashingTicket: Sendable {
    let client: HashingClient
}

/// The hashing slots, shared so that no client can take them all. Hashing is the one costly
/// thing an anonymous request can make the server do (and an unknown username costs a decoy
/// hash, so that it answers like a wrong password): with one queue in arrival order, 60 sign-ins
/// for names that do not exist made a real one wait 27 s; with known devices always first, one
/// account's 64 sign-ins with its own cookie made every other client wait past 30 s. So:
/// - two lines, known devices and other clients, take turns (a known device never waits behind
///   a flood of strangers' guesses, and a flood through a cookie never holds a stranger);
/// - within a line clients take turns round the table by address, one hash each;
/// - a client has at most `perClient` places (waiting, or about to wait) by its address, and a
///   known device as many by its account too, and a line at most `total`: past either, the
///   request is refused at once (429 or 503 with Retry-After) instead of queueing behind a flood.
actor HashingTurns {
    private var free: Int
    private let slots: Int
    private let perClient: Int
    private let total: Int
    private var known = HashingLine()
    private var strangers = HashingLine()
    /// Which line goes first when both wait.
    private var knownNext = true
    /// Places held (waiting or about to), by what they are counted against.
    private var held: [HashingHolder: Int] = [:]
    /// Seconds a hash took, smoothed: what a Retry-After estimate multiplies.
    private var hashSeconds = 0.5

    init(slots: Int, perClient: Int, total: Int) {
        self.slots = max(slots, 1)
        free = self.slots
        self.perClient = max(perClient, 1)
        self.total = max(total, 1)
    }

    /// A place in line, or the refusal.
    func enter(_ client: HashingClient) throws(HashingRefusal) -> HashingTicket {
        let holders = HashingHolder.all(of: client)
        if holders.contains(where: { held[$0, default: 0] >= perClient }) { throw .clientHasItsShare }
        let line = client.isKnown ? known : strangers
        guard line.placed < total else { throw .busy(retryAfter: retryAfter) }
        for holder in holders { held[holder, default: 0] += 1 }
        if client.isKnown { known.placed += 1 } else { strangers.placed += 1 }
        return HashingTicket(client: client)
    }

    /// Gives back a place not used (the request was refused for another reason).
    func leave(_ ticket: HashingTicket) {
        release(ticket.client)
    }

    /// Waits for the ticket's turn, then runs `body` in a slot.
    func take<Result: Sendable>(_ ticket: HashingTicket, _ body: @Sendable () async throws -> Result)
        async throws -> Result
    {
        let client = ticket.client
        if free > 0 {
            free -= 1
        } else {
            await withCheckedContinuation { waiter in
                if client.isKnown {
                    known.append(waiter, from: client.address)
                } else {
                    strangers.append(waiter, from: client.address)
                }
            }
        }
        // Running, no longer waiting: the place is the client's to use again.
        release(client)
        defer { handOn() }
        let start = ContinuousClock.now
        let result = try await body()
        let took = ContinuousClock.now - start
        hashSeconds =
            hashSeconds * 0.8 + 0.2 * (Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18)
        return result
    }

    private func release(_ client: HashingClient) {
        for holder in HashingHolder.all(of: client) {
            let count = held[holder, default: 1] - 1
            held[holder] = count > 0 ? count : nil
        }
        if client.isKnown { known.placed -= 1 } else { strangers.placed -= 1 }
    }

    /// How long until a request queued now would likely get its turn, in whole seconds.
    private var retryAfter: Int {
        max(1, Int((Double(known.placed + strangers.placed) * hashSeconds / Double(slots)).rounded(.up)))
    }

    /// The slot just freed goes to the next line's next client, the lines in turn.
    private func handOn() {
        let order = knownNext ? [true, false] : [false, true]
        for isKnown in order {
            let next = isKnown ? known.next() : strangers.next()
            if let next {
                knownNext = !isKnown
                next.resume()
                return
            }
        }
        free += 1
    }
}

/// What a place in line is counted against: the client's address in its line, and a known
/// device's account (one account's devices share one share, from wherever they connect).
private enum HashingHolder: Hashable {
    case address(known: Bool, ClientAddress)
    case account(String)

    static func all(of client: HashingClient) -> [HashingHolder] {
        switch client {
        case .knownDevice(let account, let address): [.address(known: true, address), .account(account)]
        case .client(let address): [.address(known: false, address)]
        }
    }
}

/// One line of waiting hashes: a queue per address, the addresses in turn.
private struct HashingLine {
    private var queues: [ClientAddress: [CheckedContinuation<Void, Never>]] = [:]
    /// Addresses with someone waiting, in the order their next turn comes.
    private var rotation: [ClientAddress] = []
    /// Places taken in this line and not yet running.
    var placed = 0

    mutating func append(_ waiter: CheckedContinuation<Void, Never>, from address: ClientAddress) {
        if queues[address] == nil { rotation.append(address) }
        queues[address, default: []].append(waiter)
    }

    mutating func next() -> CheckedContinuation<Void, Never>? {
        guard !rotation.isEmpty else { return nil }
        let address = rotation.removeFirst()
        var queue = queues[address] ?? []
        let next = queue.removeFirst()
        if queue.isEmpty {
            queues[address] = nil
        } else {
            queues[address] = queue
            rotation.append(address)
        }
        return next
    }
}
