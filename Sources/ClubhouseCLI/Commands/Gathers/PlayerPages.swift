import Clubhouse
import Foundation

/// Who plays, asked on a terminal over a squad of any size. A squad that fits on one page is
/// listed whole and Enter picks everyone; a larger one is shown a page at a time (`n` next, `p`
/// previous, `/text` shows the players whose name holds the text, `/` alone all of them again), so
/// that a million players never scroll past before the question. Ids are accepted on any page,
/// for any player.
struct PlayerPages {
    /// Players shown at once.
    static let size = 20

    private let players: [Player]
    /// The players paged through: all of them, or a search's matches.
    private var shown: [Player]
    private var search: String?
    private var page = 0

    init(_ players: [Player]) {
        self.players = players
        shown = players
    }

    private var isPaged: Bool { players.count > Self.size }

    /// Asks until at least two players are picked (or input ends).
    mutating func pick() throws -> [Player] {
        if isPaged {
            showPage()
        } else {
            Output.prompt("Players:\n")
            for player in players { Output.prompt("  \(Self.row(player))\n") }
        }
        while true {
            Output.prompt(
                isPaged
                    ? "Who plays? (ids separated by commas; n or p for the next or previous page, /name to search): "
                    : "Who plays? (ids separated by commas, Enter for everyone): ")
            guard let line = readLine(strippingNewline: true) else {
                throw InputError(message: "no players picked; nothing was started")
            }
            let typed = line.trimmingCharacters(in: .whitespaces)
            if typed.isEmpty {
                guard isPaged else { return players }
                Output.note("type player ids, n or p for another page, or /name to search")
                continue
            }
            if isPaged, turn(typed) { continue }
            if let picked = ids(typed) { return picked }
        }
    }

    /// Moves through the pages or searches, when `typed` asks to; whether it did.
    private mutating func turn(_ typed: String) -> Bool {
        switch typed.lowercased() {
        case "n", "next":
            if (page + 1) * Self.size < shown.count {
                page += 1
                showPage()
            } else {
                Output.note("that was the last page")
            }
            return true
        case "p", "previous":
            if page > 0 {
                page -= 1
                showPage()
            } else {
                Output.note("that was the first page")
            }
            return true
        default:
            guard typed.hasPrefix("/") else { return false }
            let text = String(typed.dropFirst()).trimmingCharacters(in: .whitespaces)
            search = text.isEmpty ? nil : text
            shown =
                text.isEmpty
                ? players
                : players.filter { PlayerSearch.matches($0.name, text) }
            page = 0
            showPage()
            return true
        }
    }

    private func showPage() {
        let first = page * Self.size
        let rows = shown[min(first, shown.count)..<min(first + Self.size, shown.count)]
        let what = search.map { "players whose name holds '\(TextOutput.escaped($0))'" } ?? "players"
        if rows.isEmpty {
            Output.prompt("No \(what) (/ alone shows everyone).\n")
            return
        }
        let range = "\(first + 1)–\(first + rows.count) of \(shown.count)"
        Output.prompt("\(what.prefix(1).uppercased() + what.dropFirst()) \(range):\n")
        for player in rows { Output.prompt("  \(Self.row(player))\n") }
    }

    /// The players `typed` names by id, or nil (with a note) when it names none or too few.
    private func ids(_ typed: String) -> [Player]? {
        do {
            let ids = try ConfirmPlayersViewModel.ids(typed, team: .a)
            let byID = Self.players(ids, among: players)
            if let unknown = ids.first(where: { byID[$0] == nil }) {
                Output.note("no player \(unknown)")
                return nil
            }
            guard Set(ids).count >= 2 else {
                Output.note("a gather needs at least two players")
                return nil
            }
            var seen: Set<Player.ID> = []
            return ids.filter { seen.insert($0).inserted }.compactMap { byID[$0] }
        } catch {
            Output.note("type player ids such as 1,2,3")
            return nil
        }
    }

    /// The players with these ids, found in one pass: a squad of a million is not indexed whole
    /// for the few ids typed.
    static func players(_ ids: some Sequence<Player.ID>, among players: [Player]) -> [Player.ID: Player] {
        let wanted = Set(ids)
        var found: [Player.ID: Player] = [:]
        for player in players where wanted.contains(player.id) && found[player.id] == nil {
            found[player.id] = player
        }
        return found
    }

    /// `#1  Zoë O'Brien, ST`.
    static func row(_ player: Player) -> String {
        "#\(player.id)  \(TextOutput.escaped(player.name))\(acronym(player))"
    }

    static func acronym(_ player: Player) -> String {
        player.position.map { ", \($0.acronym)" } ?? ""
    }
}
