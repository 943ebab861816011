import Clubhouse

/// The home tab's page view: squad, results and reading, each a link (`/home/<page>`).
enum HomeScreen {
    static func page(_ model: HomeViewModel, state: NavigationState, frame: PageFrame) -> ScreenPage {
        var context: Context = [
            "pages": model.pages.map { page -> Context in
                [
                    "title": page.rawValue.prefix(1).uppercased() + page.rawValue.dropFirst(),
                    "href": frame.url("home/\(page.rawValue)"), "current": page == model.selectedPage,
                ]
            }
        ]
        switch model.content {
        case .squad(let count, let recent):
            context["squad"] =
                [
                    "count": count == 1 ? "1 player" : "\(count) players",
                    "players": recent.map { player -> Context in
                        [
                            "name": player.name, "href": frame.url("players/\(player.id)", [("via", "home")]),
                            "position": player.fields.position?.rawValue ?? "",
                        ]
                    },
                    "pitch": Pitch(players: recent.map { ($0.name, $0.fields.position) }).context,
                    "empty": recent.isEmpty, "playersHref": frame.url("players"),
                ] as Context
        case .results(let gathers):
            context["results"] =
                [
                    "gathers": gathers.map { GatherPages.row($0, frame: frame, via: "home") },
                    "chart": ResultsChart(gathers: gathers).context, "empty": gathers.isEmpty,
                    "historyHref": frame.url("gathers"),
                ] as Context
        case .reading(let books):
            context["reading"] =
                [
                    "books": books.map { book -> Context in
                        [
                            "title": book.title, "author": book.fields.author ?? "",
                            "href": frame.url("books/\(book.isbn.digits)", [("via", "home")]),
                        ]
                    },
                    "empty": books.isEmpty, "libraryHref": frame.url("library"),
                ] as Context
        }
        return ScreenPage(template: "home", title: "Home", context: context)
    }
}
