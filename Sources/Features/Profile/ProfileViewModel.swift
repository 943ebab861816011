import Domain
import Navigation

public struct ProfileViewModel: Equatable {
    public let user: User
    public let playerCount: Int
    public let gathersPlayed: Int
}
