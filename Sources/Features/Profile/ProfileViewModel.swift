import ClubhouseDomain
import ClubhouseNavigation

/// The profile tab: the user and what they have played.
public struct ProfileViewModel: Equatable, Sendable {
    public let user: User
    public let playerCount: Int
    public let gathersPlayed: Int
}
