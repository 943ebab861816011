import Clubhouse
import ClubhouseText

/// One record on show: its declared fields, and what can be done with it.
enum RecordPages {
    static func player(_ model: PlayerDetailViewModel, frame: PageFrame) -> ScreenPage {
        let player = model.player
        let place = "players/\(player.id)"
        let context: Context = [
            "fields": PlayerField.allCases.map { field -> Context in
                [
                    "label": field.label, "value": FieldText.value(field, player.fields[field]),
                    "editHref": frame.url("players/\(player.id)/edit/\(field.key)"),
                    "editLabel": "Edit \(field.shownName)",
                ]
            },
            "deleteHref": frame.url(place, [("ask", "delete")]),
            "confirm": ScreenPage.confirmation(
                frame, place: place,
                asks: ["delete": ("Delete \(player.name)? Gathers played keep their line-ups.", "Delete")]),
        ]
        return ScreenPage(template: "player", title: model.title, context: context)
    }

    static func book(_ book: Book, frame: PageFrame) -> ScreenPage {
        let place = "books/\(book.isbn.digits)"
        let context: Context = [
            "fields": BookField.allCases.map { field -> Context in
                let value = FieldText.value(field, book.fields[field])
                return [
                    "label": field.label, "value": value, "hasValue": !value.isEmpty,
                    "paragraph": field.rule.isParagraph,
                ]
            },
            "owned": book.owned, "deleteHref": frame.url(place, [("ask", "delete")]),
            "added": InstantText.minute(book.createdAt), "updated": InstantText.minute(book.updatedAt),
            "confirm": ScreenPage.confirmation(
                frame, place: place, asks: ["delete": ("Take “\(book.title)” off the shelf?", "Take it off")]),
        ]
        return ScreenPage(template: "book", title: book.title, context: context)
    }

    static func question(_ question: Question, frame: PageFrame) -> ScreenPage {
        let place = "questions/\(question.id)"
        let context: Context = [
            "text": question.text, "answer": question.answer, "asked": InstantText.minute(question.createdAt),
            "books": question.books.map { book -> Context in
                [
                    "title": book.title, "author": book.fields.author ?? "",
                    "href": frame.url("books/\(book.isbn.digits)", [("via", "over")]),
                ]
            },
            "deleteHref": frame.url(place, [("ask", "delete")]),
            "confirm": ScreenPage.confirmation(
                frame, place: place, asks: ["delete": ("Delete this question? Its books stay on the shelf.", "Delete")]),
        ]
        return ScreenPage(template: "question", title: "Question", context: context)
    }

    static func profile(_ model: ProfileViewModel, frame: PageFrame) -> ScreenPage {
        let context: Context = [
            "username": model.user.username,
            "players": model.playerCount == 1 ? "1 player" : "\(model.playerCount) players",
            "played": model.gathersPlayed == 1 ? "1 gather played" : "\(model.gathersPlayed) gathers played",
            "historyHref": frame.url("gathers"),
            "tabs": Tab.allCases.map { tab -> Context in
                ["value": tab.rawValue, "title": tab.title, "selected": tab == model.settings.landing]
            },
            "signOutHref": frame.url("profile", [("ask", "sign-out")]),
            "confirm": ScreenPage.confirmation(
                frame, place: "profile",
                asks: [
                    "sign-out": (
                        "Sign out \(model.user.username)? Your records stay; open screens and half-typed forms are forgotten.",
                        "Sign out"
                    )
                ]),
        ]
        return ScreenPage(template: "profile", title: "Profile", context: context)
    }
}
