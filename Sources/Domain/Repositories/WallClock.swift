import Foundation

/// Milliseconds since 1970-01-01T00:00:00Z.
public typealias Milliseconds = Int64

/// Where the time comes from: injected, so that timer tests move a fake clock instead of sleeping.
public protocol WallClock: Sendable {
    func now() -> Milliseconds
}

public struct SystemClock: WallClock {
    public init() {}

    public func now() -> Milliseconds {
        Milliseconds((Date().timeIntervalSince1970 * 1000).rounded(.down))
    }
}
