import ClubhouseDomain
import ClubhouseNavigation

extension TabCoordinator {
    /// After a form saved a record and landed on the list that shows it, the list selects it,
    /// so what was just added is what is in view (a search of the shelf keeps its own selection:
    /// the new book may not be among its results).
    func selectSaved(_ result: FormResult) {
        guard let list = current.asList else { return }
        switch (result, list) {
        case (.playerAdded(let player), is PlayerListCoordinator): list.selected = String(player.id)
        case (.bookSaved(let save), let library as LibraryCoordinator) where library.query == nil:
            library.selected = save.book.isbn.digits
        case (.questionAsked(let question), is QuestionListCoordinator): list.selected = String(question.id)
        default: break
        }
    }
}
