import Clubhouse
import NIOConcurrencyHelpers

/// A line for the person, shown once on the next page of its scene: what a post did, or why it
/// did nothing (a post answers with a redirect, so its news waits for the page that follows).
struct Message: Sendable, Equatable {
    enum Kind: String, Sendable { case note, warning, error }
    var kind: Kind
    var text: String
}

/// The messages waiting for each scene's next page, a few per scene at most.
final class FlashMessages: Sendable {
    private let waiting = NIOLockedValueBox<[SceneName: [Message]]>([:])
    private static let kept = 8

    func add(_ messages: [Message], for scene: SceneName) {
        guard !messages.isEmpty else { return }
        waiting.withLockedValue { waiting in
            var list = (waiting[scene] ?? []) + messages
            if list.count > Self.kept { list.removeFirst(list.count - Self.kept) }
            waiting[scene] = list
            // A server left open for weeks with many tabs: forget the oldest scenes' news.
            if waiting.count > 256, let any = waiting.keys.first(where: { $0 != scene }) { waiting[any] = nil }
        }
    }

    func take(for scene: SceneName) -> [Message] {
        waiting.withLockedValue { $0.removeValue(forKey: scene) ?? [] }
    }
}

extension Outcome {
    /// What a page tells of this outcome: its warnings, notes, and a line for what was done.
    var messages: [Message] {
        warnings.map { Message(kind: .warning, text: $0) } + notes.map { Message(kind: .note, text: $0) }
            + (result.doneText.map { [Message(kind: .note, text: $0)] } ?? [])
    }
}

extension ActionResult {
    /// The line a page shows for what an action did, when it did something worth a line.
    var doneText: String? {
        switch self {
        case .form(.playerAdded(let player), _): "Added player #\(player.id) \(player.name)."
        case .form(.playerUpdated(let player), _): "Saved \(player.name)."
        case .form(.gatherStarted, _): "The gather has started."
        case .form(.bookSaved(.added(let book)), _): "Added “\(book.title)” to the shelf."
        case .form(.bookSaved(.updated(let book, _)), _): "Saved “\(book.title)”."
        case .form(.questionAsked, _): "Asked: the answer and its books are below."
        case .registered(let user): "Created the account \(user.username)."
        case .signedIn(let user, _): "Signed in as \(user.username)."
        case .signedOut(let user): "Signed out \(user.username). Your records stay on this device."
        case .undone: "Undone."
        case .reopened(let path): "Reopened \(path)."
        case .playerDeleted(let player): "Deleted \(player.name)."
        case .bookRemoved(let book): "Took “\(book.title)” off the shelf."
        case .questionDeleted: "Deleted the question."
        case .gatherEnded(let model): "The gather ended \(model.gather.score.text)."
        case .gatherCancelled: "Cancelled the gather; nothing of it is kept."
        case .gatherDeleted: "Deleted the gather from history."
        case .booksImported(let summary): "Imported \(summary)."
        case .settings(let settings): "Sign-ins land on \(settings.landing.title)."
        case .none, .linkKept, .history, .foundBooks, .gather: nil
        }
    }
}
