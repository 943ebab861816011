import Clubhouse

/// What `d` deletes, one table for every kind of record: the question asked first, the record's
/// screen and the action that deletes it there. On the record's own screen the action runs where
/// the user is; on a list's row it runs over the row's screen opened in the same transaction.
struct Deletion {
    let question: String
    let screen: Screen
    let action: Action

    /// A row names its record as the list shows it (`name`, `title`); the record's screen shows
    /// both already.
    static func player(_ id: Player.ID, name: String? = nil) -> Deletion {
        Deletion(question: "Delete player #\(id)\(named(name))?", screen: .player(id), action: .deletePlayer)
    }

    static func book(_ isbn: String, title: String? = nil) -> Deletion {
        Deletion(question: "Take \(isbn)\(named(title)) off the shelf?", screen: .book(isbn: isbn), action: .removeBook)
    }

    static func question(_ id: Int64) -> Deletion {
        Deletion(question: "Delete question #\(id)? Its books stay.", screen: .question(id), action: .deleteQuestion)
    }

    static func gather(_ id: Int64) -> Deletion {
        Deletion(question: "Delete gather #\(id) from history?", screen: .gather(id), action: .deleteGather)
    }

    private static func named(_ name: String?) -> String {
        name.map { " \($0)" } ?? ""
    }
}
