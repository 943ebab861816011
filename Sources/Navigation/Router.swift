/// Shows screens. A UIKit app would adapt a UINavigationController to this; coordinators only ever
/// talk to a Router, so they run the same with the headless `StackRouter`.
public protocol Router: AnyObject {
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
    public var top: Screen { stack[stack.count - 1] }

    /// Pops until `count` screens remain (never the root).
    public func pop(toCount count: Int) {
        while stack.count > max(count, 1), pop() != nil {}
    }
}

/// A router that keeps the stack as a value, for the CLI and for tests.
public final class StackRouter: Router {
    public private(set) var stack: [Screen]
    public private(set) var presented: (any Router)?

    public init(root: Screen) {
        stack = [root]
    }

    public func push(_ screen: Screen) {
        stack.append(screen)
    }

    @discardableResult
    public func pop() -> Screen? {
        stack.count > 1 ? stack.removeLast() : nil
    }

    public func present(_ screen: Screen) -> any Router {
        let modal = StackRouter(root: screen)
        presented = modal
        return modal
    }

    public func dismiss() {
        presented = nil
    }
}
