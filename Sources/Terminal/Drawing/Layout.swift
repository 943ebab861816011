/// Where things go on a frame of a given size; the session asks it how many rows of a list are
/// in view, so that it reads exactly those.
public struct Layout: Equatable, Sendable {
    public let width: Int
    public let height: Int

    public static let minimumWidth = 60
    public static let minimumHeight = 20

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var isTooSmall: Bool { width < Self.minimumWidth || height < Self.minimumHeight }

    // Rows 0–3: title, tabs, a rule, the stack; the last two: a message and the keys.
    static let bodyTop = 5
    var bodyBottom: Int { height - 3 }
    var messageRow: Int { height - 2 }
    var hintRow: Int { height - 1 }

    /// The rows a list of `screen` has in view: the body below its heading lines.
    public func listRows(for screen: ScreenKind) -> Int {
        max(1, bodyBottom - Self.bodyTop + 1 - headingLines(screen))
    }

    /// The lines a screen draws above its list.
    func headingLines(_ screen: ScreenKind) -> Int {
        switch screen {
        case .players, .library, .questions, .gathers, .searchResults, .teamPicker: 2  // title, column names
        case .home: 3  // title, pages, blank
        case .playerDetail, .profile: 2
        case .questionDetail: 8  // the question, its answer (up to 5 lines), "Books"
        default: 0
        }
    }
}
