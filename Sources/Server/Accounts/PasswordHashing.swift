import ClubhouseDomain
import ClubhouseSecurity
import NIOPosix
import Synchronization

/// scrypt with the CLI's hasher and bounds, run off the request threads and a few at a time.
/// One hash at the recommended cost takes 128 MiB and most of a second of one core: run on
/// Swift's cooperative pool it would stall every other request, and unbounded a burst of sign-ins
/// could exhaust memory. Waiting requests take turns (`HashingTurns`), and a request takes its
/// place in line before it writes anything (`admitted`): one refused a place wrote nothing.
package struct PasswordHashing: Sendable {
    let hasher: ScryptPasswordHasher
    private let turns: HashingTurns

    package init(cost: ScryptPasswordHasher.Cost, concurrent: Int, waitingPerClient: Int, waiting: Int) {
        hasher = ScryptPasswordHasher(cost: cost)
        turns = HashingTurns(slots: concurrent, perClient: waitingPerClient, total: waiting)
    }

    /// Runs `body` with a place in line for one hash of `client`'s, which `body` may use (once)
    /// or not; a place not used is given back when `body` ends. Throws `HashingRefusal` before
    /// `body` runs when the client or the line has no room.
    package func admitted<Result>(_ client: HashingClient, _ body: (Turn) async throws -> Result) async throws
        -> Result
    {
        let turn = Turn(try await turns.enter(client), turns: turns, hasher: hasher)
        do {
            let result = try await body(turn)
            await turn.giveBackIfUnused()
            return result
        } catch {
            await turn.giveBackIfUnused()
            throw error
        }
    }

    /// One place in line for one hash.
    package final class Turn: Sendable {
        private let ticket: HashingTicket
        private let turns: HashingTurns
        private let hasher: ScryptPasswordHasher
        private let used = Mutex(false)

        fileprivate init(_ ticket: HashingTicket, turns: HashingTurns, hasher: ScryptPasswordHasher) {
            self.ticket = ticket
            self.turns = turns
            self.hasher = hasher
        }

        package func hash(_ password: Password) async throws -> String {
            try await run { [hasher] in try hasher.hash(password) }
        }

        /// Whether `password` matches; with no stored hash (an unknown user) it checks a decoy so
        /// that the answer takes as long as for a wrong password.
        package func verify(_ password: String, against storedHash: String?) async throws -> Bool {
            try await run { [hasher] in
                guard let storedHash else {
                    _ = hasher.verify(password, against: hasher.decoyHash)
                    return false
                }
                return hasher.verify(password, against: storedHash)
            }
        }

        private func run<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
            let first = used.withLock { used in
                defer { used = true }
                return !used
            }
            guard first else { throw APIError.unexpected }  // a turn is one hash
            return try await turns.take(ticket) { try await NIOThreadPool.singleton.runIfActive(work) }
        }

        fileprivate func giveBackIfUnused() async {
            let unused = used.withLock { used in
                defer { used = true }
                return !used
            }
            if unused { await turns.leave(ticket) }
        }
    }
}
