import Clubhouse
import ClubhouseText

/// The long lists: a window of rows around the stored selection, with buttons that move it a
/// window earlier or later (the selection is the list's, saved with the screen).
enum ListPages {
    static func players(_ window: ListWindowContent?, state: NavigationState, frame: PageFrame) -> ScreenPage {
        let rows: ListWindow<Player> = if case .players(let rows)? = window { rows } else { .empty }
        let marks = Set(state.currentScreen.marked ?? [])
        // Every declared field but the name, which is the row's link.
        let fields = PlayerField.allCases.filter { $0 != .name }
        let context: Context = [
            "columns": fields.map(\.shortLabel),
            "rows": rows.rows.enumerated().map { index, player -> Context in
                let marked = marks.contains(String(player.id))
                return [
                    "name": player.name, "href": frame.url("players/\(player.id)"),
                    "cells": fields.map { FieldText.value($0, player.fields[$0]) },
                    "markDo": "\(marked ? "unmark" : "mark"):\(player.id)", "pressed": marked ? "true" : "false",
                    "markLabel": "\(marked ? "Unmark" : "Mark") \(player.name)", "mark": marked ? "✓" : "○",
                    "selected": index == rows.selectedIndex,
                ]
            },
            "empty": rows.rows.isEmpty, "earlier": rows.hasBefore, "later": rows.hasAfter,
            "newHref": frame.url("players/new"), "pickHref": frame.url("players/confirm"),
            "markedCount": marks.isEmpty ? "" : String(marks.count), "anyMarked": !marks.isEmpty,
        ]
        return ScreenPage(template: "players", title: "Players", context: context)
    }

    static func books(_ window: ListWindowContent?, state: NavigationState, frame: PageFrame) -> ScreenPage {
        let rows: ListWindow<Book> = if case .books(let rows)? = window { rows } else { .empty }
        let query = state.currentScreen.query ?? ""
        let context: Context = [
            "rows": rows.rows.enumerated().map { index, book -> Context in
                [
                    "title": book.title, "author": book.fields.author ?? "",
                    "href": frame.url("books/\(book.isbn.digits)"),
                    "price": FieldText.value(BookField.price, book.fields[.price]),
                    "hasPrice": book.fields[.price] != .null, "selected": index == rows.selectedIndex,
                    "offShelf": !book.owned,
                ]
            },
            "query": query, "searching": !query.isEmpty, "empty": rows.rows.isEmpty,
            "earlier": rows.hasBefore, "later": rows.hasAfter, "newHref": frame.url("books/new"),
        ]
        return ScreenPage(
            template: "library", title: query.isEmpty ? "Library" : "Library: “\(query)”", context: context)
    }

    static func questions(_ window: ListWindowContent?, frame: PageFrame) -> ScreenPage {
        let rows: ListWindow<Question> = if case .questions(let rows)? = window { rows } else { .empty }
        let context: Context = [
            "rows": rows.rows.enumerated().map { index, question -> Context in
                [
                    "text": question.text, "asked": InstantText.minute(question.createdAt),
                    "href": frame.url("questions/\(question.id)"),
                    "books": question.books.count == 1 ? "1 book" : "\(question.books.count) books",
                    "selected": index == rows.selectedIndex,
                ]
            },
            "empty": rows.rows.isEmpty, "earlier": rows.hasBefore, "later": rows.hasAfter,
            "newHref": frame.url("questions/new"),
        ]
        return ScreenPage(template: "questions", title: "Questions", context: context)
    }

    static func gathers(_ window: ListWindowContent?, all: [GatherViewModel], frame: PageFrame) -> ScreenPage {
        let rows: ListWindow<GatherViewModel> = if case .gathers(let rows)? = window { rows } else { .empty }
        let context: Context = [
            "rows": rows.rows.map { GatherPages.row($0, frame: frame, via: nil) },
            "chart": ResultsChart(gathers: all).context, "wins": WinsChart(gathers: all).context,
            "empty": rows.rows.isEmpty, "earlier": rows.hasBefore, "later": rows.hasAfter,
        ]
        return ScreenPage(template: "gathers", title: "Gathers played", context: context)
    }
}
