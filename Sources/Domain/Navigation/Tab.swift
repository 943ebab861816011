/// The tabs of the main flow, in tab-bar order (BookKitty's Q&A before its Library). The raw value
/// is the stable stored name and also the path of the tab's root screen; the order is only shown
/// (numbers 1–5), never stored, so reordering keeps every stored state.
public enum Tab: String, CaseIterable, Sendable, Codable {
    case home, players, questions, library, profile

    /// The tab's number in the tab bar, from 1.
    public var number: Int { Self.allCases.firstIndex(of: self)! + 1 }

    /// The tab numbered `number` in the tab bar, if there is one.
    public init?(number: Int) {
        guard Self.allCases.indices.contains(number - 1) else { return nil }
        self = Self.allCases[number - 1]
    }

    /// The tab's name as the tab bar shows it.
    public var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}

/// The pages of the home tab's page view.
public enum HomePage: String, CaseIterable, Sendable, Codable {
    case squad, results, reading

    /// The other pages, in order: those not on show while this one is (each keeps a stack of
    /// its own, `NavigationState.pageStacks`).
    public var others: [HomePage] { Self.allCases.filter { $0 != self } }

    /// Why turning `pages` from this page goes nowhere (the page view does not wrap around), or
    /// nil when it turns.
    public func unturned(by pages: Int) -> String? {
        let index = Self.allCases.firstIndex(of: self)!
        if pages > 0, index == Self.allCases.count - 1 { return "\(rawValue) is the last page; there is no next one." }
        if pages < 0, index == 0 { return "\(rawValue) is the first page; there is no previous one." }
        return nil
    }
}
