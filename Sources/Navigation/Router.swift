/// Shows screens. A UIKit app would adapt a UINavigationController to this; coordinators only ever
/// talk to a Router, so they run the same with the headless `StackRouter`.
package protocol Router: AnyObject {
    /// The screens shown, root first.
    var stack: [Screen] { get }
    func push(_ screen: Screen)
    /// Removes the top screen and returns it; the root is never popped.
    @discardableResult func pop() -> Screen?
    /// The modal flow presented over this one, if any.
    var presented: (any Router)? { get }
    /// Presents a modal flow with a stack of its own, rooted at `screen`, and returns its router.
    func present(_ screen: Screen) -> any Router
    /// Dismisses the presented modal flow, with its whole stack.
    func dismiss()
}

extension Router {
    package var top: Screen { stack[stack.count - 1] }

    /// Pops until `count` screens remain (never the root).
    package func pop(toCount count: Int) {
        while stack.count > max(count, 1), pop() != nil {}
    }
}

/// A router that keeps the stack as a value, for the CLI and for tests.
package final class StackRouter: Router {
    package private(set) var stack: [Screen]
    package private(set) var presented: (any Router)?

    package init(root: Screen) {
        stack = [root]
    }

    package func push(_ screen: Screen) {
        stack.append(screen)
    }

    @discardableResult
    package func pop() -> Screen? {
        stack.count > 1 ? stack.removeLast() : nil
    }

    package func present(_ screen: Screen) -> any Router {
        let modal = StackRouter(root: screen)
        presented = modal
        return modal
    }

    package func dismiss() {
        presented = nil
    }
}
