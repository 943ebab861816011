import ClubhouseDomain
import ClubhouseNavigation

/// The `players/<id>` screen. Leads to the edit form of each field; deleting the player closes it.
package final class PlayerDetailCoordinator: ShortListCoordinator {
    package var links: FlowLinks
    /// As loaded when the screen opened or was last checked; read again for every view.
    package private(set) var player: Player
    /// The selected field, by name.
    package var selected: String?

    package var screen: Screen { .player(player.id) }

    init(router: any Router, player: Player) {
        links = FlowLinks(router: router)
        self.player = player
    }

    /// The screen of player `id` over `router`, or why it cannot open (not one of `owner`'s).
    static func opening(_ id: Player.ID, owner: User.ID, router: any Router, _ useCases: UseCases) throws -> Opening {
        guard let player = try useCases.findPlayer(id, owner: owner) else {
            return .refused(ClubhouseError.playerNotFound(id).message)
        }
        return .open(PlayerDetailCoordinator(router: router, player: player))
    }

    package func child(for screen: Screen, _ useCases: UseCases) throws -> Opening {
        switch screen {
        case .editPlayer(player.id, let field):
            return .open(PlayerEditCoordinator(router: router, player: player, field: field))
        default:
            return .refused("\(screen.path) does not open from \(self.screen.path)")
        }
    }

    /// Deletes the player and pops back to the list, which reads its players afresh.
    package func delete(_ useCases: UseCases) throws -> Player {
        try useCases.deletePlayer(player.id, owner: player.ownerID)
        finish()
        return player
    }

    package func invalidReason(_ useCases: UseCases) throws -> String? {
        try useCases.refresh(&player)
    }

    package func rowKeys(_ useCases: UseCases) throws -> [String] { PlayerField.allCases.map(\.rawValue) }

    package func isRowKey(_ key: String) -> Bool { PlayerField(rawValue: key) != nil }

    package func content(_ useCases: UseCases) throws -> ScreenContent {
        if let reason = try invalidReason(useCases) { throw ClubhouseError.notOnScreen(reason) }
        return .playerDetail(PlayerDetailViewModel(player: player))
    }
}
