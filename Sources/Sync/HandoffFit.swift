internal import ClubhouseSyncWire
import Foundation
import Synchronization

/// A scene's handoff made to fit the server's limit (`SyncLimits.handoffStateBytes` of JSON):
/// the app keeps up to 10 000 characters a form field, so eight long drafts outgrow it, and the
/// server's refusal failed every sync though push and pull had happened. Cut in this order until
/// it fits: the drafts of forms not on show, then the draft on show; a state that fits even
/// without drafts is sent so, and one that does not is left out (the other device continues from
/// what this one shared before).
enum HandoffFit {
    enum Fitted: Equatable {
        case whole(SyncValue)
        /// Drafts were left out.
        case withoutDrafts(SyncValue)
        case leftOut
    }

    static func fitted(_ state: SyncValue, limit: Int = SyncLimits.handoffStateBytes) throws -> Fitted {
        if try size(state) <= limit { return .whole(state) }
        let shown = shownScreen(state)
        let others = withoutDrafts(state, keeping: shown)
        if try size(others) <= limit { return .withoutDrafts(others) }
        let none = withoutDrafts(state, keeping: nil)
        if try size(none) <= limit { return .withoutDrafts(none) }
        return .leftOut
    }

    /// The JSON bytes the server counts (it encodes the state it decoded the same way).
    static func size(_ value: SyncValue) throws -> Int { try JSONEncoder().encode(value).count }

    /// Where the screen on show is: the modal's top, else the selected tab's top.
    private struct Place: Equatable {
        var inModal: Bool
        var tab: String?
        var index: Int
    }

    private static func shownScreen(_ state: SyncValue) -> Place? {
        guard let object = state.objectValue else { return nil }
        if let modal = object["modal"]?.arrayValue, !modal.isEmpty {
            return Place(inModal: true, tab: nil, index: modal.count - 1)
        }
        guard let tab = object["tab"]?.stringValue,
            let stack = object["stacks"]?.objectValue?[tab]?.arrayValue, !stack.isEmpty
        else { return nil }
        return Place(inModal: false, tab: tab, index: stack.count - 1)
    }

    /// `state` with every screen's draft null but the one at `keeping`'s.
    private static func withoutDrafts(_ state: SyncValue, keeping: Place?) -> SyncValue {
        guard var object = state.objectValue else { return state }
        func cleared(_ stack: SyncValue?, kept: Int?) -> SyncValue? {
            guard let screens = stack?.arrayValue else { return stack }
            return .array(
                screens.enumerated().map { index, screen in
                    guard index != kept, var fields = screen.objectValue, fields["draft"] != nil else { return screen }
                    fields["draft"] = .null
                    return .object(fields)
                })
        }
        if let modal = object["modal"], modal != .null {
            object["modal"] = cleared(modal, kept: keeping?.inModal == true ? keeping?.index : nil)
        }
        if let stacks = object["stacks"]?.objectValue {
            object["stacks"] = .object(
                stacks.reduce(into: [:]) { result, entry in
                    let kept = keeping?.inModal == false && keeping?.tab == entry.key ? keeping?.index : nil
                    result[entry.key] = cleared(entry.value, kept: kept)
                })
        }
        if let pages = object["pages"]?.objectValue {
            object["pages"] = .object(pages.compactMapValues { cleared($0, kept: nil) })
        }
        return .object(object)
    }

    /// Scenes of this process whose cut was told: said once while it lasts, again once it
    /// fitted and was cut anew (live sync shares after every pause in typing).
    private static let told = Mutex<Set<String>>([])

    /// The notice for `scene` of the file at `path` cut as `fitted`, or nil when it is whole or
    /// the same cut was told already.
    static func notice(_ fitted: Fitted, scene: String, path: String) -> SyncNotice? {
        let key = "\(path)\u{0}\(scene)"
        let message: String
        switch fitted {
        case .whole:
            told.withLock {
                $0.remove(key + "\u{0}cut")
                $0.remove(key + "\u{0}out")
            }
            return nil
        case .withoutDrafts:
            message =
                "where you are in scene \(scene) was shared without the text typed into its forms: with it, it is over the server's \(SyncLimits.handoffStateBytes / 1024) KiB"
        case .leftOut:
            message =
                "where you are in scene \(scene) was not shared: it is over the server's \(SyncLimits.handoffStateBytes / 1024) KiB even without the text of its forms"
        }
        let mark = key + (fitted == .leftOut ? "\u{0}out" : "\u{0}cut")
        guard told.withLock({ $0.insert(mark).inserted }) else { return nil }
        return SyncNotice(code: fitted == .leftOut ? "handoff_left_out" : "handoff_cut", message: message)
    }
}
