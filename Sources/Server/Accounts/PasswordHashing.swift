import ClubhouseDomain
import ClubhouseSecurity
import NIOPosix

/// scrypt with the CLI's hasher and bounds, run off the request threads and a few at a time.
/// One hash at the recommended cost takes 128 MiB and most of a second of one core: run on
/// Swift's cooperative pool it would stall every other request, and unbounded a burst of sign-ins
/// could exhaust memory. Waiting requests queue for a turn instead.
package struct PasswordHashing: Sendable {
    let hasher: ScryptPasswordHasher
    private let turns: Turns

    package init(cost: ScryptPasswordHasher.Cost, concurrent: Int) {
        hasher = ScryptPasswordHasher(cost: cost)
        turns = Turns(count: max(concurrent, 1))
    }

    package func hash(_ password: Password) async throws -> String {
        try await turns.take { [hasher] in
            try await NIOThreadPool.singleton.runIfActive { try hasher.hash(password) }
        }
    }

    /// Whether `password` matches; with no stored hash (an unknown user) it checks a decoy so that
    /// the answer takes as long as for a wrong password.
    package func verify(_ password: String, against storedHash: String?) async throws -> Bool {
        try await turns.take { [hasher] in
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

/// At most `count` bodies at once; the others wait in order.
private actor Turns {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) {
        free = count
    }

    func take<Result: Sendable>(_ body: @Sendable () async throws -> Result) async throws -> Result {
        if free > 0 {
            free -= 1
        } else {
            await withCheckedContinuation { waiting.append($0) }
        }
        defer { handOn() }
        return try await body()
    }

    private func handOn() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
