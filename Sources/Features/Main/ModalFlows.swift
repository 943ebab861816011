import ClubhouseDomain
import ClubhouseNavigation

/// Builds the root coordinator of a modal flow (add a book, ask a question) for a screen, on the
/// router presented for it; nil for a screen that is not a modal flow of this app. Tests
/// register their own.
package struct ModalFlows: Sendable {
    package typealias Make = @Sendable (_ screen: Screen, _ router: any Router, _ user: User) -> (any FlowCoordinator)?

    let make: Make

    package init(_ make: @escaping Make) {
        self.make = make
    }

    /// BookKitty's two floating-button flows.
    package static let app = ModalFlows { screen, router, user in
        switch screen {
        case .newBook: AddBookCoordinator(router: router, owner: user.id)
        case .newQuestion: AddQuestionCoordinator(router: router, owner: user.id)
        default: nil
        }
    }
}

/// The root of a modal flow that says where the user lands once it closes.
package protocol ModalFlowCoordinator: FlowCoordinator {
    /// Where to go once the flow closed: after a submit that saved `result`, or cancelled (nil).
    func landing(after result: FormResult?) -> Landing
}

package enum Landing: Equatable {
    /// Back where the user was under the flow.
    case stay
    /// That tab, as it was.
    case tab(Tab)
    /// A link, opened as `clubhouse open` would.
    case link(Link)
}
