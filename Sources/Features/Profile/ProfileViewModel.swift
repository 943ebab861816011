import ClubhouseDomain
import ClubhouseNavigation

/// The profile tab: the user and what they have played.
public struct ProfileViewModel: Equatable, Sendable {
    public let user: User
    public let playerCount: Int
    public let gathersPlayed: Int
    /// The user's choices on this device (where a sign-in lands).
    public let settings: UserSettings

    /// The keys of the profile's rows, as a list shows them (the selection stores one): the
    /// player count, the gathers played, the way to gather history, where sign-in lands, and
    /// signing out (the seed's MyPage has its own sign-out row).
    public static let rowKeys = [playersKey, "gathers-played", "gathers", landingKey, signOutKey]
    public static let playersKey = "players"
    public static let landingKey = "landing"
    public static let signOutKey = "sign-out"
}
