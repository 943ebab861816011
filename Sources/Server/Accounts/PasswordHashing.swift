import ClubhouseDomain
import ClubhouseSecurity
import NIOPosix

/// scrypt with the CLI's hasher and bounds, run off the request threads and a few at a time.
/// One hash at the recommended cost takes 128 MiB and most of a second of one core: run on
/// Swift's cooperative pool it would stall every other request, and unbounded a burst of sign-ins
/// could exhaust memory. Waiting requests take turns (`HashingTurns`): known devices first, other
/// clients one hash each in turn, a bounded queue.
package struct PasswordHashing: Sendable {
    let hasher: ScryptPasswordHasher
    private let turns: HashingTurns

    package init(cost: ScryptPasswordHasher.Cost, concurrent: Int, waitingPerClient: Int, waiting: Int) {
        hasher = ScryptPasswordHasher(cost: cost)
        turns = HashingTurns(slots: concurrent, perClient: waitingPerClient, total: waiting)
    }

    package func hash(_ password: Password, for client: HashingClient) async throws -> String {
        try await turns.take(for: client) { [hasher] in
            try await NIOThreadPool.singleton.runIfActive { try hasher.hash(password) }
        }
    }

    /// Whether `password` matches; with no stored hash (an unknown user) it checks a decoy so that
    /// the answer takes as long as for a wrong password.
    package func verify(_ password: String, against storedHash: String?, for client: HashingClient) async throws
        -> Bool
    {
        try await turns.take(for: client) { [hasher] in
            try await NIOThreadPool.singleton.runIfActive {
                guard let storedHash else {
                    _ = hasher.verify(password, against: hasher.decoyHash)
                    return false
                }
                return hasher.verify(password, against: storedHash)
            }
        }
    }
}
