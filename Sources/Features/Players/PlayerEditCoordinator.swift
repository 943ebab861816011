import ClubhouseDomain
import ClubhouseNavigation

/// The `players/<id>/edit/<field>` form: one field of one player. Saving finishes the flow and
/// pops back to the player's detail, which reads the player again.
package final class PlayerEditCoordinator: FormCoordinator {
    package var links: FlowLinks
    package var draft = FormDraft()
    package var focus: String?
    package private(set) var player: Player
    package let field: PlayerField

    package var screen: Screen { .editPlayer(player.id, field: field) }

    init(router: any Router, player: Player, field: PlayerField) {
        links = FlowLinks(router: router)
        self.player = player
        self.field = field
    }

    package var fields: [FormField] {
        [
            FormField(
                name: field.rawValue, label: field.label, hint: field.hint, isRequired: field.isRequired,
                current: PlayerForm.text(of: field, in: player), choices: field.choices, rule: field.rule)
        ]
    }

    package func check(_ name: String, _ text: String) throws {
        guard name == field.rawValue else {
            throw ClubhouseError.invalidInput("this form edits \(field.rawValue), not \(name)")
        }
        _ = try PlayerForm.draft(editing: player, field, to: text).validated()
    }

    package func child(for screen: Screen, _ useCases: UseCases) throws -> Opening {
        .refused("\(screen.path) does not open from \(self.screen.path)")
    }

    package func invalidReason(_ useCases: UseCases) throws -> String? {
        try useCases.refresh(&player)
    }

    package func content(_ useCases: UseCases) throws -> ScreenContent {
        .form(FormViewModel(screen: screen, title: "Edit \(player.name): \(field.label)", fields: fields, draft: draft))
    }

    package func submit(_ useCases: UseCases) throws -> FormResult {
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
