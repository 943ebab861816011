/// Shows screens. A UIKit app would adapt a UINavigationController to this; coordinators only ever
/// talk to a Router, so they run the same with the headless `StackRouter`.
public protocol Router: AnyObject {
    /// The screens shown, root first.
    var stack: [Screen] { get }
    func push(_ screen: Screen)
    /// Removes the top screen and returns it; the root is never popped.
    @discardableResult func pop() -> Screen?
}

/// A router that keeps the stack as a value, for the CLI and for tests.
public final class StackRouter: Router {
    public private(set) var stack: [Screen]

    public init(root: Screen) {
        stack = [root]
    }

    public var top: Screen { stack[stack.count - 1] }

    public func push(_ screen: Screen) {
        stack.append(screen)
    }

    @discardableResult
    public func pop() -> Screen? {
        stack.count > 1 ? stack.removeLast() : nil
    }
}
