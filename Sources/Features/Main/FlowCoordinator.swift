import ClubhouseDomain
import ClubhouseNavigation

/// The coordinator of one screen on a stack (a tab's root, a pushed screen, a modal's screens).
/// Each owns the coordinator of the screen pushed above it, so a stack of any depth is a chain:
/// opening a screen is handed down to the top of the chain, and a child that finishes pops the
/// stack back to the depth it started at, taking everything above it along.
package protocol FlowCoordinator: Coordinator, CoordinatorFinishDelegate {
    var screen: Screen { get }
    /// Where it stands on its stack; `router`, `depth`, `pushed` and `finishDelegate` read it.
    var links: FlowLinks { get set }
    /// Pushes the screen (a root's screen is on its router from the start).
    func start()
    /// The coordinator for `screen` pushed over this one, not yet started; or why it cannot be
    /// shown here (a record that is gone, a screen this flow does not lead to).
    func child(for screen: Screen, _ useCases: UseCases) throws -> Opening
    /// What the screen shows, read fresh.
    func content(_ useCases: UseCases) throws -> ScreenContent
    /// Why the screen can no longer be shown (its record was deleted since it opened), if so.
    func invalidReason(_ useCases: UseCases) throws -> String?
    /// Its roles, nil where it has none (CoordinatorRoles: asked, not cast).
    var asForm: (any FormCoordinator)? { get }
    var asSelecting: (any SelectingCoordinator)? { get }
    var asList: (any ListCoordinator)? { get }
    var asShortList: (any ShortListCoordinator)? { get }
    var asMarking: (any MarkingCoordinator)? { get }
    var asModalFlow: (any ModalFlowCoordinator)? { get }
}

/// Where a flow stands on its stack, kept alike by every flow: the router it pushes on, its
/// screen's index there, the flow pushed over it and who is told when it finishes. One value, so
/// that no flow copies the four declarations (and none can get one of them subtly different).
package struct FlowLinks {
    package let router: any Router
    /// The index of the flow's screen in the router's stack.
    package var depth = 0
    /// The coordinator of the screen pushed over this one: a flow's only child. Kept as a flow,
    /// so that walking the chain casts nothing (CoordinatorRoles says why that matters).
    package var pushed: (any FlowCoordinator)?
    /// Held weakly, as the parent owns the child.
    package weak var finishDelegate: (any CoordinatorFinishDelegate)?

    package init(router: any Router) {
        self.router = router
    }
}

extension FlowCoordinator {
    package var router: any Router { links.router }

    package var depth: Int {
        get { links.depth }
        set { links.depth = newValue }
    }

    package var pushed: (any FlowCoordinator)? {
        get { links.pushed }
        set { links.pushed = newValue }
    }

    package var finishDelegate: (any CoordinatorFinishDelegate)? {
        get { links.finishDelegate }
        set { links.finishDelegate = newValue }
    }
}

package enum Opening {
    case open(any FlowCoordinator)
    case refused(String)
}

extension FlowCoordinator {
    package func invalidReason(_ useCases: UseCases) throws -> String? { nil }

    /// Pushes the screen's coordinator; it pushes its screen when started.
    package func start() {
        router.push(screen)
    }

    /// The children `Coordinator` asks for: the pushed flow, if any. Setting them is only ever
    /// emptying them (`finish`); a flow is pushed with `push`.
    package var childCoordinators: [any Coordinator] {
        get { pushed.map { [$0] } ?? [] }
        set { pushed = newValue.last as? any FlowCoordinator }
    }

    /// The top of the chain: the coordinator of the screen on top of the stack.
    package var top: any FlowCoordinator {
        var top: any FlowCoordinator = self
        while let next = top.pushed { top = next }
        return top
    }

    /// The chain from this coordinator up, this one first.
    package var chain: [any FlowCoordinator] {
        var chain: [any FlowCoordinator] = [self]
        while let next = chain[chain.count - 1].pushed { chain.append(next) }
        return chain
    }

    /// Starts `child` over this screen.
    func push(_ child: any FlowCoordinator) {
        child.depth = depth + 1
        child.finishDelegate = self
        pushed = child
        child.start()
    }

    /// A child that finished leaves the stack with everything above it.
    package func coordinatorDidFinish(_ child: any Coordinator) {
        if pushed === child { pushed = nil }
        router.pop(toCount: depth + 1)
    }

    /// Closes every screen above this one.
    func popToSelf() {
        pushed?.finish()
    }

    /// The screen with its draft and focused field, its list's selection and marks, and the
    /// library's search, as stored.
    var screenState: ScreenState {
        let form = asForm
        return ScreenState(
            path: screen.path, draft: form?.draft, selected: asSelecting?.selected,
            query: (self as? LibraryCoordinator)?.query, focus: form?.focus, marked: asMarking?.marked)
    }
}

/// A form screen (add a player, edit a field, add a book): it keeps what was typed in `draft`,
/// which is stored with the navigation state, and submits it through a use case.
package protocol FormCoordinator: FlowCoordinator {
    var draft: FormDraft { get set }
    /// The field the cursor is in, by name (nil: the front end decides), stored with the screen.
    var focus: String? { get set }
    /// The fields, in the order a prompt asks for them.
    var fields: [FormField] { get }
    /// Checks one typed field (so a prompt can ask again at once) before it enters the draft.
    func check(_ field: String, _ text: String) throws
    /// Puts checked fields into the draft (by default over what it holds).
    func accept(_ fields: [(name: String, text: String)])
    /// Saves the draft; on success the form finishes and its screen closes.
    func submit(_ useCases: UseCases) throws -> FormResult
    /// Every fault of `draft`, each a sentence, where the form can tell them all at once (so
    /// that one refusal names them all); empty for a form that names one at a time.
    func faults(in draft: FormDraft) -> [String]
}

extension FormCoordinator {
    package func accept(_ fields: [(name: String, text: String)]) {
        for field in fields { draft[field.name] = field.text }
    }

    package func faults(in draft: FormDraft) -> [String] { [] }
}
