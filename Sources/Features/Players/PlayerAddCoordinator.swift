import ClubhouseDomain
import ClubhouseNavigation

/// The `players/new` form. What is typed stays in its draft until it is saved, which finishes
/// the flow and pops back to the list.
package final class PlayerAddCoordinator: FormCoordinator {
    package var links: FlowLinks
    package let screen = Screen.newPlayer
    package var draft = FormDraft()
    package var focus: String?
    private let owner: User.ID

    init(router: any Router, owner: User.ID) {
        links = FlowLinks(router: router)
        self.owner = owner
    }

    package var fields: [FormField] {
        PlayerField.allCases.map {
            FormField(
                name: $0.rawValue, label: $0.label, hint: $0.hint, isRequired: $0.isRequired, choices: $0.choices,
                rule: $0.rule)
        }
    }

    package func check(_ field: String, _ text: String) throws {
        guard let field = PlayerField(rawValue: field) else {
            throw ClubhouseError.invalidInput("the new-player form has no field '\(field)'")
        }
        try PlayerForm.check(field, text)
    }

    package func child(for screen: Screen, _ useCases: UseCases) throws -> Opening {
        .refused("\(screen.path) does not open from \(self.screen.path)")
    }

    package func content(_ useCases: UseCases) throws -> ScreenContent {
        .form(FormViewModel(screen: screen, title: "New player", fields: fields, draft: draft))
    }

    /// Saves the draft; on a validation error the form stays open with its draft.
    package func submit(_ useCases: UseCases) throws -> FormResult {
        let player = try useCases.addPlayer(try PlayerForm.draft(from: draft), owner: owner)
        finish()
        return .playerAdded(player)
    }
}
