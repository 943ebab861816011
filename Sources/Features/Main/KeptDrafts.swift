import ClubhouseDomain
import ClubhouseNavigation

/// Drafts a link (or an undo) closed, kept aside until the same form opens again.
extension TabCoordinator {
    /// Keeps each stored kept draft whose form still makes sense (the records along its path
    /// exist) and is not open already: an open form holds its own draft.
    func restoreKeptDrafts(_ stored: [ScreenState], _ useCases: UseCases) throws -> [Notice] {
        keptDrafts = []
        // A kept draft with nothing typed in it holds nothing to lose.
        let typed = stored.filter { !($0.draft?.isEmpty ?? true) }
        var notices: [Notice] = []
        let limit = NavigationState.keptDraftLimit
        if typed.count > limit {
            let paths = typed.prefix(typed.count - limit).map(\.path).joined(separator: ", ")
            notices.append(.text("only the newest \(limit) drafts are kept: the drafts of \(paths) were dropped"))
        }
        let open = Set(state.allScreens.map(\.path))
        for saved in typed.suffix(limit) {
            switch try keptForm(for: saved.path, useCases) {
            case .gone(let reason):
                notices.append(.text("\(reason): the kept draft of \(saved.path) was dropped"))
            case .form(_) where open.contains(saved.path):
                notices.append(.text("the kept draft of \(saved.path) gave way to the same form open on its stack"))
            case .form(let form):
                if let warning = Self.fill(form, with: saved) { notices.append(.text(warning)) }
                if keptDrafts.contains(where: { $0.path == saved.path }) {
                    notices.append(.text("\(saved.path) had two kept drafts; the older was dropped"))
                }
                if !form.draft.isEmpty { keep(ScreenState(path: saved.path, draft: form.draft, focus: form.focus)) }
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
        guard let form = parent.asForm else { return .gone("\(path) is not a form") }
        return .form(form)
    }

    /// A form opening with nothing typed gets the draft kept for it, if any.
    func resumeKeptDraft(_ coordinator: any FlowCoordinator) {
        guard let form = coordinator.asForm, form.draft.isEmpty,
            let index = keptDrafts.lastIndex(where: { $0.path == coordinator.screen.path })
        else { return }
        let kept = keptDrafts.remove(at: index)
        form.draft = kept.draft ?? FormDraft()
        form.focus = kept.focus
    }

    /// After an undo, which restores screens without drafts: every draft the replaced state held
    /// goes back into the same form if it is open again, else is kept aside.
    func carryDrafts(from replaced: NavigationState) {
        let forms = (roots.flatMap(\.chain) + (modal?.chain ?? []))
            .compactMap(\.asForm)
        for saved in replaced.keptDrafts + replaced.allScreens {
            guard let draft = saved.draft, !draft.isEmpty else { continue }
            if let form = forms.first(where: { $0.screen.path == saved.path }) {
                form.draft = draft
                form.focus = saved.focus
            } else {
                keep(saved)
            }
        }
    }

    /// A deleted player's edit forms make no sense any more: their kept drafts go with the player.
    func dropKeptDrafts(of player: Player.ID) {
        let prefix = "players/\(player)/"
        for saved in keptDrafts where saved.path.hasPrefix(prefix) {
            actionWarnings.append("the kept draft of \(saved.path) went with the player")
        }
        keptDrafts.removeAll { $0.path.hasPrefix(prefix) }
    }

    /// Sets a draft aside, replacing an older one of the same form; past the limit the oldest goes.
    func keep(_ saved: ScreenState) {
        keptDrafts.removeAll { $0.path == saved.path }
        // A draft is what was typed: the team picker's marked players stay with the picker.
        var saved = saved
        saved.marked = nil
        keptDrafts.append(saved)
        while keptDrafts.count > NavigationState.keptDraftLimit {
            let dropped = keptDrafts.removeFirst()
            actionWarnings.append(
                "only the newest \(NavigationState.keptDraftLimit) drafts are kept: the draft of \(dropped.path) was dropped"
            )
        }
    }
}
