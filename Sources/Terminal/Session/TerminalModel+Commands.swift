import Clubhouse

extension TerminalModel {
    /// Carries out what a key asked for.
    mutating func apply(_ command: UICommand) -> Step {
        if case .warnings? = overlay, command != .quit(interrupted: true) {
            overlay = nil  // any key closes the warnings, and only closes them
            return .stay
        }
        if !typing, command != .none { message = nil }
        if case .add(let selected)? = overlay {
            switch command {
            case .move(let rows):
                overlay = .add(selected.moved(by: rows))
                return .stay
            case .submit:
                overlay = nil
                run(opening(selected.link))
                return .stay
            default: break
            }
        }
        switch command {
        case .none: break
        case .quit(let interrupted): return .quit(interrupted: interrupted)
        case .reload:
            // What others changed while a form was typed into shows now.
            playerCount = nil
            run(.look, then: .reloaded)
            return .redrawAll
        case .move(let by): move(.by(by))
        case .movePage(let pages): move(.by(pages * layout.listRows(for: screen)))
        case .moveToStart: move(.top)
        case .moveToEnd: move(.bottom)
        case .open: open()
        case .back: back()
        case .tab(let tab): run(windowed(Command(.selectTab(tab))))
        case .nextTab(let step):
            let tab = (state?.selectedTab ?? .home).stepped(by: step)
            run(windowed(Command(.selectTab(tab))))
        case .tabBarHidden:
            message = .note("no tabs over a pushed screen: Esc goes back, to where the tab bar is")
        case .turnPage(let by):
            run(.perform(Command(.turnPage(by: by))), then: .turnedPage(from: state?.selectedPage, by: by))
        case .undo: run(windowed(Command(.undo)))
        case .reopen: run(windowed(Command(.reopen)))
        case .startSearch: overlay = .search("")
        case .startCommandLine: overlay = .commandLine("")
        case .toggleHelp: overlay = overlay == .help ? nil : .help
        case .closeOverlay: overlay = nil
        case .new:
            let link =
                switch screen {
                case .players: "players/new"
                case .library, .searchResults: "books/new"
                default: "questions/new"
                }
            run(opening(link))
        case .newGather: run(opening("players/confirm"))
        case .toggleMark: toggleMark()
        case .clearMarks:
            if marks.isEmpty {
                back()
            } else {
                let count = marks.count
                run(windowed(Command(.unmark(nil))))
                message = .note("cleared \(count == 1 ? "the mark" : "the \(count) marks")")
            }
        case .confirmMarked:
            guard !marks.isEmpty else {
                message = .note("nothing is marked; Space marks the selected player")
                return .stay
            }
            run(windowed(Command(.confirmMarked)))
        case .chooseAdd:
            // An add flow opens over the tabs: not from inside another flow, nor signed out.
            guard user != nil else { return .stay }
            guard state?.modal == nil else {
                message = .note("finish or leave the flow on show first (Esc goes back)")
                return .stay
            }
            overlay = .add(AddFlow.first(on: state?.selectedTab))
        case .add(let flow):
            overlay = nil
            run(opening(flow.link))
        case .pick(let step): pick(by: step)
        case .delete: askToDelete()
        case .goal(let team, let by):
            run(.perform(Command(.gather(.play(.score(team, by: by))))), then: .land(changesData: true))
        case .toggleTimer: toggleTimer()
        case .resetTimer: run(.perform(Command(.gather(.play(.resetTimer)))), then: .land(changesData: true))
        case .stepTimerLength(let minutes): stepTimerLength(by: minutes)
        case .endGather: ask("End the gather and keep its result?", .perform(Command(.gather(.end))))
        case .cancelGather: ask("Cancel the gather? Nothing of it is kept.", .perform(Command(.gather(.cancel))))
        case .assign(let team): assign(team)
        case .startGather, .save: submitForm()
        case .insert(let text): insert(text)
        case .deleteBackward: deleteBackward()
        case .nextField: moveField(by: 1)
        case .previousField: moveField(by: -1)
        case .submit:
            submit()
            if pendingQuit { return .quit(interrupted: false) }
        case .switchLoginMode:
            if screen == .login || screen == .register {
                registering.toggle()
                clearLogin()
            }
        case .confirm(let yes):
            overlay = nil
            let effect = confirmed
            confirmed = nil
            if yes, let effect { run(windowedNow(effect)) }
        }
        return .stay
    }

    /// A confirmed call's list is read as things stand when `y` is pressed: the terminal may have
    /// been resized while the question was on show.
    private func windowedNow(_ effect: TerminalEffect) -> TerminalEffect {
        guard case .call(.perform(var command), let then) = effect, command.window != nil else { return effect }
        command.window = nil
        return .call(windowed(command), then: then)
    }

    /// Puts `question` on show; `y` makes `call`, which lands as a change of data.
    mutating func ask(_ question: String, _ call: LibraryCall) {
        overlay = .confirm(question)
        confirmed = .call(call, then: .land(changesData: true))
    }

    private mutating func open() {
        guard let row = selectedRow else { return }
        switch (screen, row) {
        case (.home, .player(let player)):
            run(windowed(Command(link: .screen(.home), .show(.player(player.id)))))
        case (.home, .gather(let model)):
            run(windowed(Command(link: .screen(.home), .show(.gather(model.gather.id)))))
        case (.home, .book(let book)):
            run(windowed(Command(link: .screen(.home), .show(.book(isbn: book.isbn.digits)))))
        case (.questionDetail, .book(let book)): run(windowed(Command(.show(.book(isbn: book.isbn.digits)))))
        case (_, .player(let player)): run(opening("players/\(player.id)"))
        case (_, .book(let book)): run(opening("books/\(book.isbn.digits)"))
        case (_, .question(let question)): run(opening("questions/\(question.id)"))
        case (_, .gather(let model)): run(opening("gathers/\(model.gather.id)"))
        case (.playerDetail, .field):
            guard case .playerDetail(let model)? = content, let index = window?.position,
                PlayerField.allCases.indices.contains(index)
            else { return }
            run(opening("players/\(model.player.id)/edit/\(PlayerField.allCases[index].rawValue)"))
        case (.profile, .field):
            guard let index = window?.position, ProfileViewModel.rowKeys.indices.contains(index) else { return }
            switch ProfileViewModel.rowKeys[index] {
            case ProfileViewModel.signOutKey:
                let name = user.map { " \($0.username)" } ?? ""
                ask("Sign out\(name)? Your records stay; open screens and half-typed forms are forgotten.", .signOut)
            case ProfileViewModel.landingKey:
                guard case .profile(let model)? = content else { return }
                run(windowed(Command(.landOn(model.settings.landing.stepped(by: 1)))))
            case ProfileViewModel.playersKey:
                run(windowed(Command(.selectTab(.players))))
            default:
                run(opening("gathers"))
            }
        case (.teamPicker, .pick(_, let team)):
            // Enter walks the player round: bench, Team A, Team B, bench.
            assign(team == nil ? .a : team == .a ? .b : nil)
        default: break
        }
    }

    /// The players marked on the list on show.
    var marks: [String] { state?.currentScreen.marked ?? [] }

    /// Space on the players list: marks the selected player, or unmarks one already marked.
    private mutating func toggleMark() {
        guard case .player(let player)? = selectedRow else {
            message = .note("no player to mark: n adds one")
            return
        }
        let marked = marks.contains(String(player.id))
        run(windowed(Command(marked ? .unmark([player.id]) : .mark([player.id]))))
    }

    private mutating func back() {
        switch screen {
        case .login:
            message = .note("the sign-in is the first screen: Ctrl-R creates an account, Ctrl-C quits")
            return
        case .register:
            // Back is to the sign-in, never a toggle.
            registering = false
            clearLogin()
            return
        default: break
        }
        if screen == .searchResults {
            run(windowed(Command(.search(nil))))  // back from the results is the shelf
            return
        }
        if case .form(let model)? = content, !model.draft.isEmpty {
            ask("Go back and drop what is typed into this form?", windowed(Command(.back)))
            return
        }
        run(windowed(Command(.back)), then: .wentBack)
    }

    /// `d`: on a record's screen, that record; on a list, the selected row's (`Deletion`).
    private mutating func askToDelete() {
        let here: Deletion? =
            switch content {
            case .playerDetail(let model)?: .player(model.player.id)
            case .bookDetail(let book)?: .book(book.isbn.digits)
            case .questionDetail(let question)?: .question(question.id)
            case .gather(let model)? where !model.gather.isInProgress: .gather(model.gather.id)
            default: nil
            }
        if let here {
            ask(here.question, .perform(Command(here.action)))
            return
        }
        let row: Deletion
        switch selectedRow {
        case .player(let player)?: row = .player(player.id, name: player.name)
        case .book(let book)? where book.owned: row = .book(book.isbn.digits, title: book.title)
        case .book(let book)?:
            message = .note("\(book.isbn.digits) is off the shelf already")
            return
        case .question(let question)?: row = .question(question.id)
        case .gather(let model)?: row = .gather(model.gather.id)
        default:
            message = .note(
                window?.rows.isEmpty == true ? "the list is empty: nothing to delete" : "nothing here to delete")
            return
        }
        // One transaction opens the record and deletes it, landing back on the list.
        ask(row.question, .perform(Command(link: .screen(row.screen), row.action)))
    }

    /// `<` `>`: the countdown's length a minute shorter or longer, within what a timer takes (as
    /// `gather timer set` sets it; a running countdown stops).
    private mutating func stepTimerLength(by minutes: Int) {
        guard case .gather(let stored)? = content else { return }
        let duration = stored.gather.timer.duration
        let range = GatherTimer.durationRange
        let stepped = (duration / 60_000 + Milliseconds(minutes)) * 60_000
        let length = min(max(stepped, 60_000), range.upperBound)
        guard length != duration else {
            message = .note(minutes < 0 ? "a minute is the shortest step down to" : "59:59 is the longest countdown")
            return
        }
        run(.perform(Command(.gather(.play(.setTimer(length))))), then: .land(changesData: true))
    }

    private mutating func toggleTimer() {
        guard case .gather(let stored)? = content else { return }
        let change: GatherChange =
            switch stored.gather.timer.effectiveState(at: now) {
            case .stopped: .startTimer
            case .running: .pauseTimer
            case .paused: .resumeTimer
            }
        run(.perform(Command(.gather(.play(change)))), then: .land(changesData: true))
    }
}
