/// Owns a piece of navigation and the child coordinators of the screens it pushed or presented.
/// A child is added when its flow starts and removed when it finishes, so a screen that is gone
/// leaves no coordinator behind.
package protocol Coordinator: AnyObject {
    var childCoordinators: [any Coordinator] { get set }
    /// Told when this coordinator finishes; held weakly, as the parent owns the child.
    var finishDelegate: (any CoordinatorFinishDelegate)? { get set }
    func start() throws
    func finish()
}

package protocol CoordinatorFinishDelegate: AnyObject {
    func coordinatorDidFinish(_ child: any Coordinator)
}

extension Coordinator {
    package func addChild(_ child: any Coordinator) {
        childCoordinators.append(child)
    }

    package func removeChild(_ child: any Coordinator) {
        childCoordinators.removeAll { $0 === child }
    }

    /// Finishes the children first (innermost flows end before their parents), then tells the parent.
    package func finish() {
        for child in childCoordinators.reversed() { child.finish() }
        childCoordinators.removeAll()
        finishDelegate?.coordinatorDidFinish(self)
    }
}
