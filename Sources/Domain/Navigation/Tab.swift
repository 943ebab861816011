/// The tabs of the main flow, in tab-bar order. The raw value is the stable stored name and also
/// the path of the tab's root screen.
public enum Tab: String, CaseIterable, Sendable, Codable {
    case home, players, library, questions, profile
}

/// The pages of the home tab's page view.
public enum HomePage: String, CaseIterable, Sendable, Codable {
    case squad, results, reading
}
