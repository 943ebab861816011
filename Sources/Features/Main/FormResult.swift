import ClubhouseDomain
import ClubhouseNavigation

/// What a submitted form saved.
public enum FormResult: Equatable, Sendable {
    case playerAdded(Player)
    case playerUpdated(Player)
    case gatherStarted(Gather)
    case bookSaved(BookSave)
    case questionAsked(Question)
}
