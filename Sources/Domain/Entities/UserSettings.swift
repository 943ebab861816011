/// What a user chose on this device: where a sign-in lands.
public struct UserSettings: Equatable, Sendable, Codable {
    /// The tab every sign-in opens (Football Gather lands on its players list, the login/tab
    /// seed on home): home unless the user chose another.
    public var landing: Tab

    public init(landing: Tab = .home) {
        self.landing = landing
    }
}
