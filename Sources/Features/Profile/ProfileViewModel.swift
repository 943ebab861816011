import ClubhouseDomain
import ClubhouseNavigation

/// The profile tab: the user and what they have played.
public struct ProfileViewModel: Equatable, Sendable {
    public let user: User
    public let playerCount: Int
    public let gathersPlayed: Int

    /// The keys of the profile's rows, as a list shows them (the selection stores one): the
    /// player count, the gathers played, and the way to gather history.
    public static let rowKeys = ["players", "gathers-played", "gathers"]
}
