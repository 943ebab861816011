import ClubhousePeers

/// Password checks one at a time, and a refused one holds the gate a second longer: a browser (or
/// a script, on an address `--bind` opened to the network) can guess at most about one password a
/// second, and a flood of sign-ins takes one core, never all of them.
///
/// Turns go round the addresses waiting (`ClientAddress`: an IPv4 address, an IPv6 /64), one
/// check each, so a client that floods the gate waits behind its own checks, not everyone else.
/// A browser (its visitor cookie) has at most two checks in flight or waiting and an address at
/// most four, more are refused at once; at most 32 wait in all. By address, not only by cookie:
/// a visitor cookie costs one request to make, and a script minting one per sign-in filled the
/// whole line from one address, so every other browser was refused. With 20 wrong guesses of one
/// browser in flight, the right password of another had waited 96 s behind them.
actor PasswordGate {
    static let pauseAfterRefusal: Duration = .seconds(1)
    static let perVisitor = 2
    static let perAddress = 4
    static let waitingLimit = 32

    /// Refused a turn: the line is full, for this browser, its address or all.
    struct Full: Error {
        let message: String
    }

    private var busy = false
    private var lanes: [ClientAddress: [CheckedContinuation<Void, Never>]] = [:]
    /// The addresses with a check waiting, in the order their turns come.
    private var turns: [ClientAddress] = []
    private var heldByVisitor: [String: Int] = [:]
    private var heldByAddress: [ClientAddress: Int] = [:]
    private(set) var waitingCount = 0

    /// Runs `check` alone, in the turn of `address`; `refused` says from its result whether the
    /// password was wrong. Throws `Full` at once when the line is full.
    func run<T: Sendable>(
        visitor: String, from address: ClientAddress, _ check: @Sendable () async throws -> T,
        refused: @Sendable (T) -> Bool
    ) async throws -> T {
        guard heldByVisitor[visitor, default: 0] < Self.perVisitor else {
            throw Full(message: "a sign-in from this browser is being checked already; wait for its answer")
        }
        guard heldByAddress[address, default: 0] < Self.perAddress else {
            throw Full(message: "sign-ins from this address are being checked already; wait for their answers")
        }
        guard waitingCount < Self.waitingLimit else {
            throw Full(message: "too many sign-ins are waiting; try again in a minute")
        }
        heldByVisitor[visitor, default: 0] += 1
        heldByAddress[address, default: 0] += 1
        await enter(address)
        defer { leave(visitor, address) }
        let result = try await check()
        if refused(result) { try? await Task.sleep(for: Self.pauseAfterRefusal) }
        return result
    }

    private func enter(_ address: ClientAddress) async {
        if !busy {
            busy = true
            return
        }
        waitingCount += 1
        await withCheckedContinuation { continuation in
            if lanes[address, default: []].isEmpty { turns.append(address) }
            lanes[address, default: []].append(continuation)
        }
    }

    private func leave(_ visitor: String, _ address: ClientAddress) {
        Self.release(&heldByVisitor, visitor)
        Self.release(&heldByAddress, address)
        guard !turns.isEmpty else {
            busy = false
            return
        }
        // The next address's turn: one check, then it goes to the back if it has more.
        let next = turns.removeFirst()
        var lane = lanes[next] ?? []
        let continuation = lane.removeFirst()
        if lane.isEmpty {
            lanes[next] = nil
        } else {
            lanes[next] = lane
            turns.append(next)
        }
        waitingCount -= 1
        continuation.resume()
    }

    private static func release<Key: Hashable>(_ held: inout [Key: Int], _ key: Key) {
        let count = held[key, default: 1] - 1
        held[key] = count > 0 ? count : nil
    }
}
