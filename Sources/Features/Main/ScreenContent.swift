import Domain
import Navigation

/// What a screen shows, ready for a view (here: the CLI's text renderer).
public enum ScreenContent {
    case home(HomeViewModel)
    case playerList(PlayerListViewModel)
    case playerDetail(PlayerDetailViewModel)
    case playerForm
    /// A tab root whose own flows (library, questions, profile) have no screens of their own yet.
    case tabRoot(Tab)
}
