import ClubhouseDomain

/// A deep link: a screen path (`players/3`, `library`), a home page (`home/results`), or either
/// as a URL (`clubhouse://players/3`). Parsing and `text` round-trip.
public enum Link: Equatable, Sendable {
    case screen(Screen)
    case page(HomePage)

    public static let scheme = "clubhouse://"

    public init?(_ text: String) {
        var path = Substring(text)
        if path.hasPrefix(Self.scheme) { path = path.dropFirst(Self.scheme.count) }
        // A trailing slash is how URLs are often typed; it names the same screen.
        if path.hasSuffix("/"), path.count > 1 { path = path.dropLast() }
        if path.hasPrefix("home/"), let page = HomePage(rawValue: String(path.dropFirst("home/".count))) {
            self = .page(page)
        } else if let screen = Screen(path: String(path)) {
            self = .screen(screen)
        } else {
            return nil
        }
    }

    public var text: String {
        switch self {
        case .screen(let screen): screen.path
        case .page(let page): "home/\(page.rawValue)"
        }
    }
}
