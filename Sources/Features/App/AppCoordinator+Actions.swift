import ClubhouseDomain
import ClubhouseNavigation

/// The command switch: each action done through the coordinators, inside `perform`'s transaction.
extension AppCoordinator {
    func act(_ command: Command, _ credentials: CheckedCredentials, _ useCases: UseCases) throws
        -> ActionResult
    {
        if let link = command.link {
            if let main {
                try main.open(link, useCases)
            } else if case .screen(let screen) = link, screen.place == .login {
                if screen == .register { _ = try requireLogin().showRegister() }
            } else if command.keepsLinkWhenSignedOut, case .none = command.action {
                if case .screen(let screen) = link, !TabCoordinator.canShow(screen, modalFlows: modalFlows) {
                    throw ClubhouseError.unresolvedLink(
                        reason: "\(screen.path) cannot be opened in this version of clubhouse", deepest: nil)
                }
                try useCases.keepLinkForSignIn(link.text)
                return .linkKept(link.text)
            } else {
                throw ClubhouseError.notSignedIn
            }
        }
        if let read = try reading(command.action, useCases) { return read }
        switch command.action {
        case .none, .history, .searchBooks, .settings:
            break  // read above
        case .selectTab(let tab):
            try requireMain().select(tab)
        case .turnPage(let pages):
            try requireMain().turnPage(by: pages)
        case .back:
            try requireMain().back()
        case .fill(let fields):
            try requireMain().currentForm().fill(fields)
        case .typing(let fields):
            try requireMain().currentForm().type(fields)
        case .focus(let field):
            try requireMain().currentForm().focus(field)
        case .submit(let fields, let discarding):
            let main = try requireMain()
            let form = try main.currentForm()
            if discarding { form.discardDraft() }
            let typed = Set(fields.map(\.name))
            do {
                try form.fill(fields)
            } catch ClubhouseError.invalidInput(let reason) {
                // Told with the form's other faults where it can tell them, so one run names all.
                var draft = form.draft
                for field in fields { draft[field.name] = field.text }
                let faults = form.faults(in: draft)
                throw ClubhouseError.invalidInput(faults.count > 1 ? faults.joined(separator: "; ") : reason)
            }
            // What the draft still holds beside the typed fields (a form may drop a draft that
            // was for another record).
            let resumed = form.draft.fields.keys.filter { !typed.contains($0) }.sorted()
            let result = try main.submit(useCases)
            main.selectSaved(result)
            return .form(result, resumed: resumed)
        case .discardDraft:
            try requireMain().currentForm().discardDraft()
        case .register(_, _, let signingIn, let landing):
            guard case .registration(let registration) = credentials else { return .none }
            let login = try requireLogin()
            let user = try login.showRegister().submit(registration, useCases)
            if let landing { _ = try useCases.settings.land(on: landing, for: user.id) }
            guard signingIn else { return .registered(user) }
            _ = try login.signInRegistered(user, useCases)
            // Registering signs in as a sign-in does: on the tab chosen to land on.
            try requireMain().select(landing ?? .home)
            return .signedIn(user, openedLink: try openPendingLink(useCases))
        case .signIn:
            guard case .verified(let verified) = credentials else { return .none }
            let user = try requireLogin().signIn(verified, useCases)
            // The tab bar the sign-in showed starts where this user was, if anything is stored.
            pendingWarnings += try restore(useCases.loadNavigation(for: user.id), into: requireMain(), useCases)
            // The tab this user chose to land on (home unless chosen).
            let (settings, problems) = try useCases.settings.read(for: user.id)
            pendingWarnings += problems
            try requireMain().select(settings.landing)
            return .signedIn(user, openedLink: try openPendingLink(useCases))
        case .signOut:
            let main = try requireMain()
            try main.signOut(useCases)
            return .signedOut(main.user)
        case .undo:
            return try undo(useCases)
        case .reopen:
            return try reopen(useCases)
        case .adopt(let state):
            pendingWarnings += try requireMain().restore(state, useCases)
        case .show(let screen):
            try requireMain().show(screen, useCases)
        case .showOnPage(let page, let screen):
            try requireMain().show(screen, on: page, useCases)
        case .moveSelection(let move):
            try requireMain().moveSelection(move, useCases)
        case .search(let text):
            try requireMain().search(text, useCases)
        case .mark(let ids):
            try requireMain().mark(ids, useCases)
        case .unmark(let ids):
            try requireMain().unmark(ids)
        case .confirmMarked:
            try requireMain().confirmMarked(useCases)
        case .deletePlayer:
            return .playerDeleted(try requireMain().deletePlayer(useCases))
        case .removeBook:
            return .bookRemoved(try requireMain().removeBook(useCases))
        case .deleteQuestion:
            return .questionDeleted(try requireMain().deleteQuestion(useCases))
        case .deleteGather:
            return .gatherDeleted(try requireMain().deleteGather(useCases))
        case .landOn(let tab):
            return .settings(try useCases.settings.land(on: tab, for: try requireMain().user.id))
        case .gather(let action):
            let gather = try requireMain().openGatherInProgress(useCases)
            let now = useCases.clock.now()
            switch action {
            case .show: return .gather(GatherViewModel(gather.gather, now: now))
            case .play(let change):
                let before = gather.gather.score
                let played = try gather.play(change, useCases)
                // A step past either end changes nothing (as the seed's stepper): said, not silent.
                if case .score(let team, let delta) = change, played.score == before,
                    let unmoved = before.unmoved(team, by: delta)
                {
                    pendingNotes.append(unmoved)
                }
                return .gather(GatherViewModel(played, now: now))
            case .end: return .gatherEnded(GatherViewModel(try gather.end(useCases), now: now))
            case .cancel: return .gatherCancelled(try gather.cancel(useCases))
            }
        case .importBooks(let file, let progress):
            let main = try requireMain()
            return .booksImported(try useCases.importBooks(file, owner: main.user.id, progress: progress))
        }
        return .none
    }

    /// What an action that only reads gives, the same in a command and in a look; nil for an
    /// action that changes something.
    func reading(_ action: Action, _ useCases: UseCases) throws -> ActionResult? {
        switch action {
        case .none: return ActionResult.none
        case .history(let limit): return .history(try useCases.history(for: try requireMain().user.id, limit: limit))
        case .searchBooks(let text):
            return .foundBooks(try useCases.searchBooks(text, owner: try requireMain().user.id))
        case .settings:
            let (settings, problems) = try useCases.settings.read(for: try requireMain().user.id)
            pendingWarnings += problems
            return .settings(settings)
        default: return nil
        }
    }

    /// Right after a sign-in: opens the link kept while signed out. One that no longer resolves
    /// is reported and the user stays where the sign-in landed.
    func openPendingLink(_ useCases: UseCases) throws -> String? {
        guard let text = try useCases.takePendingLink(), let main else { return nil }
        guard let link = Link(text) else {
            pendingWarnings.append("the link '\(text)' kept while signed out is not a screen; it was dropped")
            return nil
        }
        do {
            try main.open(link, useCases)
            return link.text
        } catch let error as ClubhouseError {
            let reason = if case .unresolvedLink(let reason, _) = error { reason } else { error.message }
            pendingWarnings.append("the link \(text) opened while signed out could not be opened: \(reason)")
            return nil
        }
    }
}
