import ClubhouseDomain
import Foundation

/// The last navigation states this connection wrote, with their stored text. A long-lived app
/// saves a state, then reads it back before its next action and journals it as that action's
/// "before": without this, every action would decode the row it just wrote and encode the same
/// state twice more, which is most of an action's cost. A stored row is taken from here only
/// when its text is exactly what was written, so a change by another process is always decoded.
package final class NavigationCodingCache: @unchecked Sendable {
    struct Entry {
        let state: NavigationState
        let encoded: NavigationCoding.Encoded
    }

    // Used inside the database queue's transactions only, which already take turns; the lock
    // keeps it sound whatever the caller.
    private let lock = NSLock()
    private var entries: [Entry] = []
    /// The state saved last and the one before it: an action's "after" and "before".
    private static let size = 2

    package init() {}

    func encoded(_ state: NavigationState) -> NavigationCoding.Encoded? {
        lock.withLock { entries.first { $0.state == state }?.encoded }
    }

    func state(
        tab: String, page: String, stacks: String, modal: String?, keptDrafts: String?, pageStacks: String?
    ) -> NavigationState? {
        lock.withLock {
            entries.first {
                $0.encoded.stacks == stacks && $0.encoded.tab == tab && $0.encoded.page == page
                    && $0.encoded.modal == modal && $0.encoded.keptDrafts == keptDrafts
                    && $0.encoded.pageStacks == pageStacks
            }?.state
        }
    }

    func remember(_ state: NavigationState, _ encoded: NavigationCoding.Encoded) {
        lock.withLock {
            entries.removeAll { $0.state == state }
            entries.insert(Entry(state: state, encoded: encoded), at: 0)
            if entries.count > Self.size { entries.removeLast() }
        }
    }
}
