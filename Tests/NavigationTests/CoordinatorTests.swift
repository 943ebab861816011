import Navigation
import Testing

/// A minimal coordinator, to test the protocol's own behaviour.
private final class Flow: Coordinator, CoordinatorFinishDelegate {
    var childCoordinators: [any Coordinator] = []
    weak var finishDelegate: (any CoordinatorFinishDelegate)?
    var finishedChildren = 0

    func start() {}

    func coordinatorDidFinish(_ child: any Coordinator) {
        removeChild(child)
        finishedChildren += 1
    }
}

@Suite struct CoordinatorTests {
    @Test func finishingAChildRemovesAndReleasesIt() {
        let parent = Flow()
        weak var released: Flow?
        do {
            let child = Flow()
            child.finishDelegate = parent
            parent.addChild(child)
            released = child
        }
        #expect(released != nil)
        released?.finish()
        #expect(parent.childCoordinators.isEmpty)
        #expect(parent.finishedChildren == 1)
        #expect(released == nil)
    }

    @Test func finishingAParentFinishesItsChildrenFirst() {
        let root = Flow()
        let parent = Flow()
        parent.finishDelegate = root
        root.addChild(parent)
        let child = Flow()
        child.finishDelegate = parent
        parent.addChild(child)

        parent.finish()
        #expect(parent.finishedChildren == 1)
        #expect(parent.childCoordinators.isEmpty)
        #expect(root.childCoordinators.isEmpty)
    }

    @Test func routerNeverPopsTheRoot() {
        let router = StackRouter(root: .players)
        router.push(.player(1))
        #expect(router.pop() == .player(1))
        #expect(router.pop() == nil)
        #expect(router.stack == [.players])
        #expect(router.top == .players)
    }
}
