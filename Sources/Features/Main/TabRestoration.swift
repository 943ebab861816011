import ClubhouseDomain
import ClubhouseNavigation

/// Rebuilding the tab bar from a stored state, and checking a live one against the data again:
/// what cannot be shown any more is cut, screen by screen, one warning each.
extension TabCoordinator {
    /// Rebuilds every tab, each home page, the page on show and the modal from `stored`, screen by
    /// screen. A screen that cannot be shown any more is cut with everything above it, one warning
    /// per cut; the rest of that stack, the other tabs and pages, the page and a valid modal stay.
    func restore(_ stored: NavigationState, _ useCases: UseCases) throws -> [String] {
        attachRoots()
        selectedTab = stored.selectedTab
        selectedPage = stored.selectedPage
        var notices: [Notice] = []
        // The page on show is named as the home tab, as before pages kept stacks of their own.
        let stacks: [(any FlowCoordinator, [ScreenState], String)] =
            Tab.allCases.map { (root(for: $0), stored.stack(for: $0), "the \($0.rawValue) tab") }
            + selectedPage.others.map {
                (pages[$0]!, stored.stack(on: $0), "the \($0.rawValue) page of the home tab")
            }
        for (root, saved, place) in stacks {
            if saved[0].path != root.screen.path {
                notices.append(.cut(saved[...], from: place, reason: "it does not start at \(root.screen.path)"))
                continue
            }
            if let warning = try Self.select(root, with: saved[0], useCases) { notices.append(.text(warning)) }
            if let warning = try restoreMarks(root, with: saved[0], useCases) { notices.append(.text(warning)) }
            notices += try replay(saved.dropFirst(), over: root, in: place, useCases)
        }
        if let saved = stored.modal?.stack, let first = saved.first {
            if let screen = Screen(path: first.path), let modal = present(screen) {
                if let warning = Self.fill(modal, with: first) { notices.append(.text(warning)) }
                notices += try replay(saved.dropFirst(), over: modal, in: "the \(screen.path) flow", useCases)
            } else {
                notices.append(
                    .cut(
                        saved[...], from: "the screens over the tabs",
                        reason: "\(first.path) is not a flow that opens over the tabs"))
            }
        }
        notices += try restoreKeptDrafts(stored.keptDrafts, useCases)
        return warnings(notices)
    }

    /// Checks every open screen against the data again (another process may have deleted a
    /// record since this tree was built) and cuts what is gone.
    func revalidate(_ useCases: UseCases) throws -> [String] {
        var notices: [Notice] = []
        let places =
            Tab.allCases.map { (root(for: $0), "the \($0.rawValue) tab") }
            + selectedPage.others.map {
                (pages[$0]! as any FlowCoordinator, "the \($0.rawValue) page of the home tab")
            }
            + (modal.map { [($0, "the \($0.screen.path) flow")] } ?? [])
        for (root, place) in places {
            for coordinator in root.chain {
                guard let reason = try coordinator.invalidReason(useCases) else { continue }
                let cut = Array(coordinator.chain.map(\.screenState))
                if coordinator === root { dismissModal() } else { coordinator.finish() }
                notices.append(.cut(cut[...], from: place, reason: reason))
                break
            }
        }
        try dropGoneMarks(useCases)
        for saved in keptDrafts {
            guard case .gone(let reason) = try keptForm(for: saved.path, useCases) else { continue }
            keptDrafts.removeAll { $0.path == saved.path }
            notices.append(.text("\(reason): the kept draft of \(saved.path) was dropped"))
        }
        return warnings(notices)
    }

    /// Opens `screens` one by one over `root`'s chain; the first that cannot be shown is cut with
    /// the rest. Returns the warnings: the cut, and draft fields that do not fit their form.
    fileprivate func replay(
        _ screens: ArraySlice<ScreenState>, over root: any FlowCoordinator, in place: String, _ useCases: UseCases
    ) throws -> [Notice] {
        var notices: [Notice] = []
        // Not `zip(screens.indices, screens)`: its iterator's type is built at run time, checking
        // seven conformances (a scan of the binary's records each) on every command's restore.
        for index in screens.indices {
            let saved = screens[index]
            let top = root.top
            let reason: String
            if let screen = Screen(path: saved.path) {
                switch try top.child(for: screen, useCases) {
                case .open(let child):
                    top.push(child)
                    if let warning = Self.fill(child, with: saved) { notices.append(.text(warning)) }
                    if let warning = try Self.select(child, with: saved, useCases) { notices.append(.text(warning)) }
                    if let warning = try restoreMarks(child, with: saved, useCases) { notices.append(.text(warning)) }
                    continue
                case .refused(let why):
                    reason = why
                }
            } else {
                reason = "unknown screen '\(saved.path)'"
            }
            return notices + [.cut(screens[index...], from: place, reason: reason)]
        }
        return notices
    }

    /// Gives a restored form its draft and focused field. A draft is saved as typed, so a field
    /// may hold text its form would refuse as it stands (an age of `1`): that stays, for the
    /// submit to check. Only what typing could never have saved is dropped, one warning each: a
    /// field the form does not have (a tampered or outdated one must not make every later submit
    /// fail), a text over `FormDraft.longestField`, a focus on no field of the form.
    static func fill(_ coordinator: any FlowCoordinator, with saved: ScreenState) -> String? {
        guard let form = coordinator.asForm else { return nil }
        let names = Set(form.fields.map(\.name))
        var problems: [String] = []
        if let draft = saved.draft {
            var kept = FormDraft()
            var unknown: [String] = []
            var long: [String] = []
            for (name, text) in draft.fields.sorted(by: { $0.key < $1.key }) {
                if !names.contains(name) {
                    unknown.append(name)
                } else if TypedText.length(text) > FormDraft.longestField {
                    long.append(name)
                } else {
                    kept[name] = text
                }
            }
            form.draft = kept
            if !unknown.isEmpty {
                problems.append(
                    "the draft of \(saved.path) had fields its form does not have (\(unknown.joined(separator: ", "))); they were dropped"
                )
            }
            if !long.isEmpty {
                problems.append(
                    "the draft of \(saved.path) had fields longer than \(FormDraft.longestField) characters (\(long.joined(separator: ", "))); they were dropped"
                )
            }
        }
        if let focus = saved.focus {
            if names.contains(focus) {
                form.focus = focus
            } else {
                problems.append("the focused field of \(saved.path) is not a field of its form; it was dropped")
            }
        }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    /// What a restore found, worded only once everything is rebuilt: a cut names the screen the
    /// user lands on, which later tabs and the modal decide.
    enum Notice {
        case text(String)
        case cut(ArraySlice<ScreenState>, from: String, reason: String)
    }

    fileprivate func warnings(_ notices: [Notice]) -> [String] {
        notices.map { notice in
            switch notice {
            case .text(let text):
                return text
            case .cut(let cut, let place, let reason):
                var warning =
                    "\(reason): cut \(cut.map(\.path).joined(separator: " > ")) from \(place); you are on \(current.screen.path)"
                let drafts = cut.filter { !($0.draft?.isEmpty ?? true) }.map(\.path)
                if !drafts.isEmpty { warning += " (the draft of \(drafts.joined(separator: ", ")) was dropped)" }
                return warning
            }
        }
    }
}
