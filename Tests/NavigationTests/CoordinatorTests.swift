import ClubhouseNavigation
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

@Suite struct RouterTests {
    @Test func aPresentedFlowHasAStackOfItsOwnAndDismissingReleasesIt() {
        let router = StackRouter(root: .players)
        router.push(.player(1))
        weak var modal: (any Router)?
        do {
            let presented = router.present(.newBook)
            modal = presented
            presented.push(.book(isbn: "9780306406157"))
            #expect(presented.stack == [.newBook, .book(isbn: "9780306406157")])
            #expect(router.presented === presented)
        }
        #expect(router.stack == [.players, .player(1)])  // the stack under it stays
        router.dismiss()
        #expect(router.presented == nil)
        #expect(modal == nil)
    }

    @Test func popToCountNeverPopsTheRoot() {
        let router = StackRouter(root: .players)
        router.push(.player(1))
        router.push(.editPlayer(1, field: .name))
        router.pop(toCount: 2)
        #expect(router.stack == [.players, .player(1)])
        router.pop(toCount: 0)
        #expect(router.stack == [.players])
    }
}
