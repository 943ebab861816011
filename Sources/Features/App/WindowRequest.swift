import ClubhouseDomain

/// What a command asks to read of the list it lands on (``Command/window``): `count` rows
/// (1–1000), `above(state)` of them before the selected row when the list has that many. The
/// rows above are decided once the command has landed, from where it landed, so a view can keep
/// each list's selected row where it was on screen.
public struct WindowRequest: Sendable {
    public var count: Int
    public var above: @Sendable (NavigationState) -> Int

    public init(count: Int, above: @escaping @Sendable (NavigationState) -> Int = { _ in 0 }) {
        self.count = count
        self.above = above
    }
}
