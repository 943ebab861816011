import ClubhouseDomain
import ClubhouseNavigation

/// The modal flows of this app (add a book, ask a question): the screens that open one, and the
/// root coordinator of each, built on the router presented for it (nil for any other screen).
/// Tests register their own.
package struct ModalFlows: Sendable {
    package typealias Make = @Sendable (_ screen: Screen, _ router: any Router, _ user: User) -> (any FlowCoordinator)?

    /// The screens a flow opens on: what a link kept while signed out is checked against, with
    /// no user to build a flow for.
    let screens: [Screen]
    let make: Make

    package init(screens: [Screen], _ make: @escaping Make) {
        self.screens = screens
        self.make = { screen, router, user in screens.contains(screen) ? make(screen, router, user) : nil }
    }

    /// BookKitty's two floating-button flows.
    package static let app = ModalFlows(screens: [.newBook, .newQuestion]) { screen, router, user in
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
