import Clubhouse
import Foundation

/// The app on a terminal, between the driver and the library: it hands each event to the update
/// step (`TerminalModel.update`) and carries out the effects it asks for against the library,
/// handing each result back, until none is left. What a key does is decided in the model; this
/// only runs it.
public final class TerminalSession {
    let app: ClubhouseApp
    private(set) var model: TerminalModel
    let clock: () -> Milliseconds
    /// Called before slow work (scrypt takes a second) so that the terminal shows it is under way.
    public var flush: (() -> Void)?

    public init(app: ClubhouseApp, layout: Layout, clock: @escaping () -> Milliseconds = TerminalSession.wallClock)
        throws
    {
        self.app = app
        self.clock = clock
        model = TerminalModel(
            outcome: try app.look(), layout: layout, scene: app.scene == .main ? nil : app.scene.description)
        _ = send(.started)
    }

    public static func wallClock() -> Milliseconds {
        Milliseconds(Date().timeIntervalSince1970 * 1000)
    }

    public typealias Step = TerminalStep

    public var outcome: Outcome { model.outcome }
    public var layout: Layout { model.layout }
    public var screen: ScreenKind { model.screen }
    public var display: Display { model.display(now: clock()) }
    var state: NavigationState? { model.state }

    /// What the background work (live sync) last said, shown in the title bar.
    public var status: TitleStatus? {
        get { model.status }
        set { model.status = newValue }
    }

    public func frame() -> Frame {
        ScreenDrawing.frame(display, width: model.layout.width, height: model.layout.height)
    }

    /// Whether the frame changes as time passes (a running countdown): redrawn each second.
    public var isTicking: Bool { model.isTicking }

    public func handle(_ key: Key) -> Step { send(.key(key)) }

    /// Keys that arrived together (a paste without its marks comes in a few reads of thousands
    /// of keys): each run of characters the screen on show types into its field or line is one
    /// insert, one transaction, where it was one a character (3 000 pasted took 28–43 s, Ctrl-C
    /// waiting behind them). Steps in order; the caller stops at the first that quits.
    ///
    /// Ctrl-C answers at once: among these keys it quits before the ones ahead of it (as a
    /// terminal's interrupt drops what was typed ahead), and `interrupted`, asked before each
    /// step, says whether one has arrived since (the driver looks at its input) and stops there.
    public func handle(_ keys: [Key], until interrupted: () -> Bool = { false }) -> [Step] {
        if keys.contains(KeyMap.interrupt) { return [.quit(interrupted: true)] }
        var steps: [Step] = []
        var index = 0
        while index < keys.count {
            if interrupted() {
                steps.append(.quit(interrupted: true))
                break
            }
            if model.typesText(keys[index]) {
                // Where one character types itself every character does (a field, a line): the
                // run is read to its end, past a draft's longest only counted, so that a
                // megabyte pasted without its marks is one insert (and its cut's note) at once.
                var run = ""
                var length = 0
                while index < keys.count, case .character(let character) = keys[index] {
                    if length <= FormDraft.longestField {
                        run.append(character)
                        length += character.unicodeScalars.count
                    }
                    index += 1
                }
                steps.append(apply(.insert(run)))
                continue
            }
            let step = handle(keys[index])
            steps.append(step)
            index += 1
            if case .quit = step { break }
        }
        return steps
    }

    /// Carries out what a key asked for.
    @discardableResult
    public func apply(_ command: UICommand) -> Step { send(.command(command)) }

    public func resize(_ layout: Layout) { _ = send(.resized(layout)) }

    /// Reads everything again (Ctrl-L).
    func reload() { apply(.reload) }

    /// Another process (or terminal) committed: what it changed is read now, after every key
    /// already handled (see `TerminalModel.othersChanged`). A failed read ends the app.
    public func othersChanged() throws {
        let new = try app.look()
        _ = send(.othersChanged(new))
    }

    /// One event through the update step, then its effects, each result handed back before the
    /// effects that were asked for after it (a chain runs in order).
    private func send(_ event: TerminalModel.Event) -> Step {
        model.now = clock()
        let update = model.update(event)
        var pending = update.effects
        while !pending.isEmpty {
            let effect = pending.removeFirst()
            guard let result = run(effect) else { continue }
            pending.insert(contentsOf: model.update(.result(result)).effects, at: 0)
        }
        return update.step
    }

    /// The first player after `after` whose name holds `text`, else the first from the start:
    /// one pass of the cursor, as `player search` reads the list.
    static func first(in rows: PlayerRows, holding text: String, after: Player.ID?) throws -> Player? {
        var wrapped: Player?
        var found: Player?
        struct Stop: Error {}
        do {
            try rows.forEach { player in
                guard PlayerSearch.matches(player.name, text) else { return }
                if let after, player.id <= after {
                    if wrapped == nil { wrapped = player }
                } else {
                    found = player
                    throw Stop()
                }
            }
        } catch is Stop {}
        return found ?? wrapped
    }

    /// Carries out one effect against the library; nil for one that returns nothing.
    private func run(_ effect: TerminalEffect) -> TerminalResult? {
        switch effect {
        case .call(let call, let landing): return .landed(Result { try self.call(call) }, landing)
        case .readWindow(let count, let above):
            return .windowRead(Result { try app.readWindow(count: count, above: above) })
        case .countPlayers(let list): return .counted(try? app.readPlayers(list) { try $0.count() })
        case .findPlayer(let list, let text, let after):
            return .found(
                Result { try app.readPlayers(list) { try Self.first(in: $0, holding: text, after: after) } }, text: text
            )
        case .drawNow:
            flush?()
            return nil
        }
    }

    private func call(_ call: LibraryCall) throws -> Outcome {
        switch call {
        case .perform(let command): try app.perform(command)
        case .open(let text): try app.open(text)
        case .look: try app.look()
        case .signIn(let username, let password): try app.signIn(username: username, password: password)
        case .register(let username, let password, let landing):
            try app.register(username: username, password: password, signingIn: true, landing: landing)
        case .signOut: try app.signOut()
        }
    }
}
