import Domain
import Navigation

/// A tab that shows only its root screen: library, questions and profile until their flows land.
/// It opens nothing, so a stored stack for it restores to the root.
public final class RootScreenCoordinator: TabFlowCoordinator {
    public var childCoordinators: [any Coordinator] = []
    public weak var finishDelegate: (any CoordinatorFinishDelegate)?

    public let tab: Tab
    public let router: StackRouter

    init(tab: Tab) {
        self.tab = tab
        router = StackRouter(root: tab.rootScreen)
    }

    public func start() {}

    public func open(_ screen: Screen) throws -> Bool { false }

    public func content() throws -> ScreenContent { .tabRoot(tab) }
}
