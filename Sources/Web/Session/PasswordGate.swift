/// Password checks one at a time, and a refused one holds the gate a second longer: a browser (or
/// a script, on an address `--bind` opened to the network) can guess at most about one password a
/// second, and a flood of sign-ins takes one core, never all of them.
///
/// Turns go round the browsers waiting (their visitor cookies), one check each, so a browser that
/// floods the gate waits behind its own checks, not everyone else: a browser has at most two
/// checks in flight or waiting (more are refused at once), and at most 32 wait in all. With 20 wrong
/// guesses of one browser in flight, the right password of another waited 96 s behind them.
actor PasswordGate {
    static let pauseAfterRefusal: Duration = .seconds(1)
    static let perVisitor = 2
    static let waitingLimit = 32

    /// Refused a turn: the line is full, for this browser or for all.
    struct Full: Error {
        let message: String
    }

    private var busy = false
    private var lanes: [String: [CheckedContinuation<Void, Never>]] = [:]
    /// The browsers with a check waiting, in the order their turns come.
    private var turns: [String] = []
    private var held: [String: Int] = [:]
    private(set) var waitingCount = 0

    /// Runs `check` alone, in `visitor`'s turn; `refused` says from its result whether the
    /// password was wrong. Throws `Full` at once when the line is full.
    func run<T: Sendable>(
        visitor: String, _ check: @Sendable () async throws -> T, refused: @Sendable (T) -> Bool
    ) async throws -> T {
        guard held[visitor, default: 0] < Self.perVisitor else {
            throw Full(message: "a sign-in from this browser is being checked already; wait for its answer")
        }
        guard waitingCount < Self.waitingLimit else {
            throw Full(message: "too many sign-ins are waiting; try again in a minute")
        }
        held[visitor, default: 0] += 1
        await enter(visitor)
        defer { leave(visitor) }
        let result = try await check()
        if refused(result) { try? await Task.sleep(for: Self.pauseAfterRefusal) }
        return result
    }

    private func enter(_ visitor: String) async {
        if !busy {
            busy = true
            return
        }
        waitingCount += 1
        await withCheckedContinuation { continuation in
            if lanes[visitor, default: []].isEmpty { turns.append(visitor) }
            lanes[visitor, default: []].append(continuation)
        }
    }

    private func leave(_ visitor: String) {
        held[visitor, default: 1] -= 1
        if held[visitor] == 0 { held[visitor] = nil }
        guard !turns.isEmpty else {
            busy = false
            return
        }
        // The next browser's turn: one check, then it goes to the back if it has more.
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
}
