import Hummingbird

/// The statuses of `count` requests sent at once (`request` gets each one's index), in the order
/// they were answered: what a client that does not wait for its answers sees.
func statusesAtOnce(
    _ count: Int, _ request: @escaping @Sendable (Int) async throws -> HTTPResponse.Status
) async throws -> [HTTPResponse.Status] {
    try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
        for index in 0..<count {
            group.addTask { try await request(index) }
        }
        var statuses: [HTTPResponse.Status] = []
        for try await status in group { statuses.append(status) }
        return statuses
    }
}
