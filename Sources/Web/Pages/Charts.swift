import Clubhouse
import Foundation

// Pictures made on the server as SVG, drawn by the templates (`pitch`, `results-chart`,
// `wins-chart`): every label goes through the template engine's escaping like any other value.

/// Where players stand: a pitch with a dot per player on their position's line, goalkeeper to
/// striker. A gather's teams face each other, one in each half.
struct Pitch {
    struct Dot {
        var x: Double
        var y: Double
        var label: String
        var team: String
    }

    var dots: [Dot] = []
    var unplaced: [String] = []
    static let width = 320.0
    static let height = 200.0
    /// Each position's line from the goal, goalkeeper first.
    static let lines = Dictionary(uniqueKeysWithValues: Position.allCases.enumerated().map { ($1, $0) })

    /// The squad: positions across the whole pitch, left to right.
    init(players: [(name: String, position: Position?)]) {
        place(players, x: { 24 + Double(Self.lines[$0]!) * 68 }, team: "squad")
    }

    /// A gather: Team A from the left goal, Team B from the right.
    init(teamA: [GatherPlayer], teamB: [GatherPlayer]) {
        place(teamA.map { ($0.name, $0.fields.position) }, x: { 20 + Double(Self.lines[$0]!) * 32 }, team: "a")
        place(
            teamB.map { ($0.name, $0.fields.position) }, x: { Self.width - 20 - Double(Self.lines[$0]!) * 32 },
            team: "b")
    }

    private mutating func place(_ players: [(name: String, position: Position?)], x: (Position) -> Double, team: String)
    {
        for position in Position.allCases {
            let here = players.filter { $0.position == position }
            for (index, player) in here.enumerated() {
                let y = Self.height * Double(index + 1) / Double(here.count + 1)
                dots.append(Dot(x: x(position), y: y, label: player.name, team: team))
            }
        }
        unplaced += players.filter { $0.position == nil }.map(\.name)
    }

    var context: Context {
        [
            "width": Self.width, "height": Self.height,
            "dots": dots.map { dot -> Context in
                [
                    "x": String(format: "%.1f", dot.x), "y": String(format: "%.1f", dot.y),
                    "labelY": String(format: "%.1f", dot.y + 14), "label": String(dot.label.prefix(14)),
                    "full": dot.label, "team": dot.team,
                ]
            },
            "unplaced": unplaced.joined(separator: ", "), "hasUnplaced": !unplaced.isEmpty, "empty": dots.isEmpty,
            "description": dots.isEmpty
                ? "No player has a position yet."
                : "\(dots.count) players by position, goalkeepers at the goal line, strikers furthest up.",
        ]
    }
}

/// Goals per gather over time: a pair of bars (Team A, Team B) per ended gather, oldest first.
struct ResultsChart {
    let gathers: [GatherViewModel]
    static let shown = 12

    var context: Context {
        let ended = Array(gathers.filter { !$0.gather.isInProgress }.prefix(Self.shown).reversed())
        let top = max(1, ended.map { max($0.gather.score.a, $0.gather.score.b) }.max() ?? 1)
        let (width, height, base) = (320.0, 150.0, 130.0)
        let slot = width / Double(max(ended.count, 1))
        let bar = min(18, slot / 3)
        var bars: [Context] = []
        var labels: [Context] = []
        for (index, model) in ended.enumerated() {
            let left = Double(index) * slot + (slot - 2 * bar) / 2
            for (offset, team) in Team.allCases.enumerated() {
                let goals = model.gather.score[team]
                let tall = (base - 12) * Double(goals) / Double(top)
                bars.append([
                    "x": String(format: "%.1f", left + Double(offset) * bar), "y": String(format: "%.1f", base - tall),
                    "width": String(format: "%.1f", bar - 2), "height": String(format: "%.1f", max(tall, 1)),
                    "team": team.rawValue, "title": "\(team.name): \(goals) on \(model.gather.startedAt.prefix(10))",
                ])
            }
            labels.append([
                "x": String(format: "%.1f", left + bar), "y": String(format: "%.1f", base + 14),
                "text": String(model.gather.startedAt.dropFirst(5).prefix(5)),
            ])
        }
        return [
            "width": width, "height": height, "bars": bars, "labels": labels, "empty": ended.isEmpty,
            "description":
                "Goals of Team A and Team B in the last \(ended.count) gathers, oldest on the left; the most goals is \(top).",
        ]
    }
}

/// Wins per team over every gather shown: a bar each for Team A, Team B and draws.
struct WinsChart {
    let gathers: [GatherViewModel]

    var context: Context {
        let ended = gathers.compactMap(\.gather.ending)
        let counts: [(String, String, Int)] = [
            ("Team A", "a", ended.filter { $0.winner == .teamA }.count),
            ("Team B", "b", ended.filter { $0.winner == .teamB }.count),
            ("Draws", "draw", ended.filter { $0.winner == .none }.count),
        ]
        let top = max(1, counts.map(\.2).max() ?? 1)
        return [
            "bars": counts.enumerated().map { index, entry -> Context in
                [
                    "label": entry.0, "team": entry.1, "count": String(entry.2),
                    "y": String(index * 26 + 4), "textY": String(index * 26 + 19),
                    "width": String(format: "%.1f", max(2, 220 * Double(entry.2) / Double(top))),
                    "countX": String(format: "%.1f", 72 + max(2, 220 * Double(entry.2) / Double(top)) + 6),
                ]
            },
            "empty": ended.isEmpty,
            "description": counts.map { "\($0.0): \($0.2)" }.joined(separator: ", "),
        ]
    }
}
