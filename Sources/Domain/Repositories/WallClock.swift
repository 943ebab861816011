import Foundation

/// Milliseconds since 1970-01-01T00:00:00Z.
public typealias Milliseconds = Int64

/// Where the time comes from: injected, so that timer tests move a fake clock instead of sleeping.
package protocol WallClock: Sendable {
    func now() -> Milliseconds
}

package struct SystemClock: WallClock {
    package init() {}

    package func now() -> Milliseconds {
        Milliseconds((Date().timeIntervalSince1970 * 1000).rounded(.down))
    }
}
