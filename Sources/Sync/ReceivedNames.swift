import Clubhouse

extension ClubhouseApp {
    /// `received` with each record named as it is on this device where the change did not carry
    /// the name (an update of a player's age alone carries the age): people know a record by its
    /// name, title or text, not by its key. A record this device cannot read keeps its key.
    func named(_ received: [SyncReceived]) -> [SyncReceived] {
        let unnamed = received.filter { $0.label == nil && $0.kind != "delete" }
        guard !unnamed.isEmpty else { return received }
        // Local ids of the players and questions, by key, in one read.
        let ids: [String: Int64] =
            (try? syncLookingUpKeys { _, id -> [String: Int64] in
                var found: [String: Int64] = [:]
                for change in unnamed where change.entity == "player" || change.entity == "question" {
                    if let local = try id(change.entity, change.key) { found[change.entity + "/" + change.key] = local }
                }
                return found
            }) ?? [:]
        return received.map { change in
            guard change.label == nil, change.kind != "delete" else { return change }
            var named = change
            let id = ids[change.entity + "/" + change.key]
            switch change.entity {
            case "player":
                named.label = id.flatMap { id in try? readPlayers(around: id, count: 1).rows.first { $0.id == id }?.name
                }
            case "question":
                named.label = id.flatMap { id in
                    try? readQuestions(around: id, count: 1).rows.first { $0.id == id }?.text
                }
            case "book":
                named.label = ISBN(stored: change.key).flatMap { isbn in
                    try? readShelf(around: isbn, count: 1).rows.first { $0.isbn == isbn }?.title
                }
            default: break
            }
            return named
        }
    }
}
