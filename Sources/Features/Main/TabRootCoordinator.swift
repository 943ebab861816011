import Domain
import Navigation

/// The root of a tab whose own flows (library and questions: BookKitty) have not landed yet: it shows the tab and refuses the screens those flows will bring, so a
/// stored stack for it is cut to the root with a warning.
public final class TabRootCoordinator: FlowCoordinator {
    public var childCoordinators: [any Coordinator] = []
    public weak var finishDelegate: (any CoordinatorFinishDelegate)?
    public let tab: Tab
    public let router: any Router
    public var depth = 0

    public var screen: Screen { tab.rootScreen }

    init(tab: Tab) {
        self.tab = tab
        router = StackRouter(root: tab.rootScreen)
    }

    public func start() {}

    public func child(for screen: Screen, _ useCases: UseCases) throws -> Opening {
        screen.place == .tab(tab)
            ? .refused("\(screen.path) cannot be opened in this version of clubhouse")
            : .refused("\(screen.path) does not open from \(self.screen.path)")
    }

    public func content(_ useCases: UseCases) throws -> ScreenContent { .tabRoot(tab) }
}
