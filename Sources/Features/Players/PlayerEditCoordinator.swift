import Domain
import Navigation

/// The `players/<id>/edit/<field>` form: one field of one player. Saving finishes the flow and
/// pops back to the player's detail, which reads the player again.
public final class PlayerEditCoordinator: FormCoordinator {
    public var childCoordinators: [any Coordinator] = []
    public weak var finishDelegate: (any CoordinatorFinishDelegate)?
    public let router: any Router
    public var depth = 0
    public var draft = FormDraft()
    public private(set) var player: Player
    public let field: PlayerField

    public var screen: Screen { .editPlayer(player.id, field: field) }

    init(router: any Router, player: Player, field: PlayerField) {
        self.router = router
        self.player = player
        self.field = field
    }

    public var fields: [FormField] {
        [
            FormField(
                name: field.rawValue, label: field.label, hint: field.hint, isRequired: true,
                current: PlayerForm.text(of: field, in: player))
        ]
    }

    public func check(_ name: String, _ text: String) throws {
        guard name == field.rawValue else {
            throw ClubhouseError.invalidInput("this form edits \(field.rawValue), not \(name)")
        }
        _ = try PlayerForm.draft(editing: player, field, to: text).validated()
    }

    public func child(for screen: Screen, _ useCases: UseCases) throws -> Opening {
        .refused("\(screen.path) does not open from \(self.screen.path)")
    }

    public func invalidReason(_ useCases: UseCases) throws -> String? {
        try useCases.refresh(&player)
    }

    public func content(_ useCases: UseCases) throws -> ScreenContent {
        .form(FormViewModel(screen: screen, title: "Edit \(player.name): \(field.label)", fields: fields, draft: draft))
    }

    public func submit(_ useCases: UseCases) throws -> FormResult {
        guard let text = draft[field.rawValue] else {
            throw ClubhouseError.invalidInput("type a new \(field.label.lowercased()) first")
        }
        let updated = try useCases.updatePlayer(
            player.id, to: try PlayerForm.draft(editing: player, field, to: text), owner: player.ownerID)
        player = updated
        finish()
        return .playerUpdated(updated)
    }
}
