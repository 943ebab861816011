import Domain
import Navigation

/// Drafts a link (or an undo) closed, kept aside until the same form opens again.
extension TabCoordinator {
    /// Keeps each stored kept draft whose form still makes sense (the records along its path
    /// exist) and is not open already: an open form holds its own draft.
    func restoreKeptDrafts(_ stored: [ScreenState], _ useCases: UseCases) throws -> [Notice] {
        keptDrafts = []
        var notices: [Notice] = []
        let open = Set(state.allScreens.map(\.path))
        for saved in stored.suffix(NavigationState.keptDraftLimit) {
            guard !open.contains(saved.path), !(saved.draft?.isEmpty ?? true) else { continue }
            switch try keptForm(for: saved.path, useCases) {
            case .gone(let reason):
                notices.append(.text("\(reason): the kept draft of \(saved.path) was dropped"))
            case .form(let form):
                if let warning = Self.fill(form, with: saved) { notices.append(.text(warning)) }
                if !form.draft.isEmpty { keep(ScreenState(path: saved.path, draft: form.draft)) }
            }
        }
        return notices
    }

    enum KeptForm {
        case form(any FormCoordinator)
        case gone(String)
    }

    /// The form a kept draft belongs to, built along its path from its tab's root without opening
    /// anything, or why it cannot be shown any more.
    func keptForm(for path: String, _ useCases: UseCases) throws -> KeptForm {
        guard let screen = Screen(path: path) else { return .gone("unknown screen '\(path)'") }
        let chain = screen.chain
        var parent: any FlowCoordinator
        switch screen.place {
        case .tab(let tab):
            parent = root(for: tab)
        case .modal:
            guard let flow = modalFlows.make(chain[0], StackRouter(root: chain[0]), user) else {
                return .gone("\(chain[0].path) cannot be opened in this version of clubhouse")
            }
            parent = flow
        case .login:
            return .gone("\(path) is not a form of the signed-in app")
        }
        for step in chain.dropFirst() {
            switch try parent.child(for: step, useCases) {
            case .open(let child): parent = child
            case .refused(let reason): return .gone(reason)
            }
        }
        guard let form = parent as? any FormCoordinator else { return .gone("\(path) is not a form") }
        return .form(form)
    }

    /// A form opening with nothing typed gets the draft kept for it, if any.
    func resumeKeptDraft(_ coordinator: any FlowCoordinator) {
        guard let form = coordinator as? any FormCoordinator, form.draft.isEmpty,
            let index = keptDrafts.lastIndex(where: { $0.path == coordinator.screen.path })
        else { return }
        form.draft = keptDrafts.remove(at: index).draft ?? FormDraft()
    }

    /// After an undo: every draft the replaced state held that the restored one has no open form
    /// for is kept aside, so stepping back through navigation never loses what was typed.
    func keepDrafts(of replaced: NavigationState) {
        let open = Set(state.allScreens.map(\.path))
        for saved in replaced.keptDrafts + replaced.allScreens
        where !(saved.draft?.isEmpty ?? true) && !open.contains(saved.path) {
            keep(saved)
        }
    }

    /// Sets a draft aside, replacing an older one of the same form; past the limit the oldest goes.
    func keep(_ saved: ScreenState) {
        keptDrafts.removeAll { $0.path == saved.path }
        keptDrafts.append(saved)
        while keptDrafts.count > NavigationState.keptDraftLimit {
            let dropped = keptDrafts.removeFirst()
            actionWarnings.append(
                "only the newest \(NavigationState.keptDraftLimit) drafts are kept: the draft of \(dropped.path) was dropped"
            )
        }
    }
}
