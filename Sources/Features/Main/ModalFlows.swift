import Domain
import Navigation

/// Builds the root coordinator of a modal flow (add a book, ask a question) for a screen, on the
/// router presented for it; nil for a screen that is not a modal flow of this app. The BookKitty
/// flows register theirs here; tests register their own.
public struct ModalFlows: Sendable {
    public typealias Make = @Sendable (_ screen: Screen, _ router: any Router, _ user: User) -> (any FlowCoordinator)?

    let make: Make

    public init(_ make: @escaping Make) {
        self.make = make
    }

    /// The app's modal flows today: none yet.
    public static let app = ModalFlows { _, _, _ in nil }
}
