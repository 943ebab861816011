import Clubhouse
internal import ClubhouseSyncWire
import Foundation

extension ClubhouseApp {
    /// Takes the newest navigation state another device of this user shared for `scene` (by
    /// default this app's own) — tab, page, stacks, modal and drafts — and makes it this scene's
    /// through the one road (journaled: ``undo()`` goes back). Each stack is cut at the first
    /// screen whose record this device does not have (sync first), with a warning each.
    /// Throws ``SyncError/noHandoff(scene:)`` when no other device shared one.
    public func continueFromOtherDevice(scene: SceneName? = nil) async throws -> HandoffReport {
        guard let record = try syncRemote(), let device = UUID(uuidString: record.deviceID) else {
            throw SyncError.noRemote
        }
        let name = (scene ?? self.scene).rawValue
        let server = SyncServer(url: try SyncServer.normalized(record.url), token: record.token)
        let handoff: SyncHandoff?
        do {
            handoff = try await server.handoff(device: device, scene: name)
        } catch let error as SyncError {
            await server.shutdown()
            if case .unreachable(let url, let reason, _) = error {
                throw SyncError.cannotConnect(url: url, reason: reason)
            }
            throw error
        }
        await server.shutdown()
        guard let handoff else { throw SyncError.noHandoff(scene: name) }
        let (state, cuts) = try syncLookingUpKeys { _, id in try HandoffState.decode(handoff.state, id: id) }
        let app: ClubhouseApp
        if let scene, scene != self.scene {
            app = try ClubhouseApp(path: path, scene: scene)
        } else {
            app = self
        }
        let outcome = try app.perform(Command(.adopt(state)))
        // The server's instant and the file's offset, neither trusted: an older server kept any
        // instant at all, and one far in the past minus a positive offset overflowed.
        let local = SyncInstants.difference(handoff.madeAt, ClockOffset(stored: record.clockOffsetMs).current)
        let madeAt = Date(timeIntervalSince1970: Double(SyncInstants.clamped(local)) / 1000)
        return HandoffReport(
            deviceName: handoff.deviceName, madeAt: madeAt, warnings: cuts + outcome.warnings, outcome: outcome)
    }

    /// Shares this device's navigation state of every scene of the user, for another device's
    /// `continue`. A scene's state over the server's limit is cut to fit or left out
    /// (`HandoffFit`), never failing the sync: the notices say so, once.
    func shareNavigation(_ server: SyncServer, device: UUID, deviceName: String, clock: ClockOffset) async throws
        -> [SyncNotice]
    {
        let states = try syncNavigationStates()
        let encoded = try syncLookingUpKeys { key, _ in
            try states.map { (scene: $0.scene, value: try HandoffState.encode($0.state, key: key)) }
        }
        var notices: [SyncNotice] = []
        for (scene, value) in encoded {
            let fitted = try HandoffFit.fitted(value)
            if let notice = HandoffFit.notice(fitted, scene: scene.rawValue, path: path) { notices.append(notice) }
            let state: SyncValue
            switch fitted {
            case .whole(let whole), .withoutDrafts(let whole): state = whole
            case .leftOut: continue
            }
            let name = deviceName.isEmpty ? "another device" : deviceName
            try await server.putHandoff(
                SyncHandoffPush(
                    device: device, scene: scene.rawValue, deviceName: name, state: state,
                    madeAt: SyncInstants.clamped(SyncInstants.sum(SyncServer.now(), clock.current))))
        }
        return notices
    }
}
