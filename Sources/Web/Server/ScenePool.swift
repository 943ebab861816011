import Clubhouse
import Foundation
import NIOConcurrencyHelpers
import NIOPosix

/// One `ClubhouseApp` per browser tab's scene, opened on first use and kept (the most recently
/// used few), so that a page costs a transaction rather than opening the file. Every call runs on
/// NIO's blocking pool: SQLite and password hashing must never hold an event loop.
package final class ScenePool: Sendable {
    let location: ClubhouseApp.Location
    private let open: @Sendable (ClubhouseApp.Location, SceneName) throws -> ClubhouseApp
    private let apps = NIOLockedValueBox<[SceneName: (app: ClubhouseApp, used: UInt64)]>([:])
    private let clock = NIOLockedValueBox<UInt64>(0)
    /// Scenes kept open at once; one past it closes the least recently used.
    static let kept = 32
    /// The browser tabs' scenes saved in the file: a bookmark opened without a scene, or a made-up
    /// `?s=`, saves one more each time, so past this many the least recently changed are closed.
    static let saved = 64

    package init(
        location: ClubhouseApp.Location,
        open: @escaping @Sendable (ClubhouseApp.Location, SceneName) throws -> ClubhouseApp = {
            try ClubhouseApp(at: $0, creating: true, scene: $1)
        }
    ) {
        self.location = location
        self.open = open
    }

    /// Runs `work` on the scene's app, off the event loops.
    func run<T: Sendable>(_ scene: SceneName, _ work: @escaping @Sendable (ClubhouseApp) throws -> T) async throws -> T
    {
        try await NIOThreadPool.singleton.runIfActive { [self] in try work(try app(scene)) }
    }

    private func app(_ scene: SceneName) throws -> ClubhouseApp {
        let tick = clock.withLockedValue { value in
            value += 1
            return value
        }
        if let kept = apps.withLockedValue({ apps -> ClubhouseApp? in
            guard let entry = apps[scene] else { return nil }
            apps[scene] = (entry.app, tick)
            return entry.app
        }) {
            return kept
        }
        let opened = try open(location, scene)
        if Self.isWeb(scene) { Self.closeOldScenes(beside: scene, on: opened) }
        return apps.withLockedValue { apps in
            // Another request opened it meanwhile: keep one.
            if let entry = apps[scene] { return entry.app }
            if apps.count >= Self.kept, let oldest = apps.min(by: { $0.value.used < $1.value.used })?.key {
                apps[oldest] = nil
            }
            apps[scene] = (opened, tick)
            return opened
        }
    }

    /// A new scene's name: `web-` and random letters, one per browser tab.
    static func newScene() throws -> SceneName {
        let letters = Array("abcdefghijkmnpqrstuvwxyz23456789")
        let name = "web-" + String((0..<10).map { _ in letters.randomElement()! })
        return try SceneName(name)
    }

    /// A browser tab's scene: `web-` and a name (the CLI's and the terminal app's are others).
    static func isWeb(_ scene: SceneName) -> Bool { scene.rawValue.hasPrefix("web-") && scene.rawValue.count > 4 }

    /// Closes the signed-in user's browser scenes past the newest `saved - 1` others, so that with
    /// `scene` (saved by its first page) at most `saved` are kept. Only `web-` scenes: the CLI's
    /// and the terminal app's are named by people. Signed out, nothing is saved to close.
    static func closeOldScenes(beside scene: SceneName, on app: ClubhouseApp) {
        guard let list = try? app.scenes() else { return }
        let others = list.scenes.filter { isWeb($0.name) && $0.name != scene }
            .sorted { ($0.updatedAt, $0.name.rawValue) > ($1.updatedAt, $1.name.rawValue) }
        for old in others.dropFirst(saved - 1) { try? app.closeScene(old.name) }
    }
}
