/// Password checks one at a time, and a refused one holds the gate a second longer: a browser (or
/// a script, on an address `--bind` opened to the network) can guess at most about one password a
/// second, and a flood of sign-ins takes one core, never all of them. A right password waits only
/// for the checks ahead of it.
actor PasswordGate {
    static let pauseAfterRefusal: Duration = .seconds(1)
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Runs `check` alone; `refused` says from its result whether the password was wrong.
    func run<T: Sendable>(_ check: @Sendable () async throws -> T, refused: @Sendable (T) -> Bool) async throws -> T {
        await enter()
        do {
            let result = try await check()
            if refused(result) { try? await Task.sleep(for: Self.pauseAfterRefusal) }
            leave()
            return result
        } catch {
            leave()
            throw error
        }
    }

    private func enter() async {
        if !busy {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func leave() {
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
