import Domain
import Navigation

/// The coordinator of one tab: it owns the tab's router and one child coordinator per screen
/// pushed above the root, so popping a screen finishes (and releases) its coordinator.
public protocol TabFlowCoordinator: Coordinator {
    var tab: Tab { get }
    var router: StackRouter { get }
    /// Pushes `screen` if this flow can show it now; false for a screen it does not own or whose
    /// record is gone, which is where restoration cuts the stack.
    func open(_ screen: Screen) throws -> Bool
    /// What the top screen shows.
    func content() throws -> ScreenContent
}

extension TabFlowCoordinator {
    public var stack: [Screen] { router.stack }

    /// Replays stored screens above the root, stopping at the first one that cannot be shown.
    func restore(_ screens: [Screen]) throws {
        for screen in screens {
            guard try open(screen) else { return }
        }
    }

    /// Pops screens until `count` remain (never the root).
    public func pop(toCount count: Int) {
        while router.stack.count > max(count, 1) {
            if let child = childCoordinators.last {
                child.finish()  // its parent pops the screen in coordinatorDidFinish
            } else {
                router.pop()
            }
        }
    }

    public func popToRoot() {
        pop(toCount: 1)
    }
}
