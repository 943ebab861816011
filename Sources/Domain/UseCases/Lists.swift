/// The lists a user scrolls through, read by key (`KeysetList`): the selection of each is a
/// record's key, stored with the screen, and a window of rows around it is a few index probes.

/// A key as the lists spell an id: a positive decimal.
private func id(_ key: String?) -> Int64? {
    key.flatMap { Int64($0) }.flatMap { $0 > 0 ? $0 : nil }
}

extension ListPlayers {
    /// The owner's players, oldest first (the players list and the team picker).
    package func list(owner: User.ID) -> KeysetList<Player> {
        let players = players
        return KeysetList(
            key: { String($0.id) },
            find: { key in try id(key).flatMap { try players.find($0, owner: owner) } },
            after: { key, limit in try players.players(owner: owner, after: id(key), limit: limit) },
            before: { key, limit in try players.players(owner: owner, before: id(key), limit: limit) })
    }
}

extension ListBooks {
    /// The shelf, most recently updated first.
    package func list(owner: User.ID) -> KeysetList<Book> {
        let books = books
        func isbn(_ key: String?) -> ISBN? { key.flatMap { ISBN(stored: $0) } }
        return KeysetList(
            key: { $0.isbn.digits },
            find: { key in try isbn(key).flatMap { try books.find($0, owner: owner) }.flatMap { $0.owned ? $0 : nil } },
            after: { key, limit in try books.shelf(owner: owner, after: isbn(key), limit: limit) },
            before: { key, limit in try books.shelf(owner: owner, before: isbn(key), limit: limit) })
    }
}

extension SearchBooks {
    /// The books a search finds, best first: at most `SearchBooks.limit` of them, read at once.
    package func list(_ text: String, owner: User.ID) throws -> KeysetList<Book> {
        let found = try self(text, owner: owner)
        let keys = found.map(\.isbn.digits)
        return KeysetList(
            key: { $0.isbn.digits },
            find: { key in keys.firstIndex(of: key).map { found[$0] } },
            after: { key, limit in
                // A book no longer found has no place in the results: the window starts at the top.
                let start = key.flatMap { keys.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
                return Array(found[start...].prefix(max(0, limit)))
            },
            before: { key, limit in
                let end = key.flatMap { keys.firstIndex(of: $0) } ?? found.count
                return Array(found[..<end].reversed().prefix(max(0, limit)))
            })
    }
}

extension ListQuestions {
    /// The questions, newest first.
    package func list(owner: User.ID) -> KeysetList<Question> {
        let questions = questions
        return KeysetList(
            key: { String($0.id) },
            find: { key in try id(key).flatMap { try questions.find($0, owner: owner) } },
            after: { key, limit in try questions.page(owner: owner, olderThan: id(key), limit: limit) },
            before: { key, limit in try questions.page(owner: owner, newerThan: id(key), limit: limit) })
    }
}

extension FindGather {
    /// The ended gathers, newest first.
    package func historyList(owner: User.ID) -> KeysetList<Gather> {
        let gathers = gathers
        return KeysetList(
            key: { String($0.id) },
            find: { key in
                try id(key).flatMap { try gathers.find($0, owner: owner) }.flatMap { $0.isInProgress ? nil : $0 }
            },
            after: { key, limit in try gathers.ended(owner: owner, after: id(key), limit: limit) },
            before: { key, limit in try gathers.ended(owner: owner, before: id(key), limit: limit) })
    }
}
