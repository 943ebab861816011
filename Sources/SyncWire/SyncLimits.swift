/// The bounds both sides keep to; the server refuses what exceeds them.
public enum SyncLimits {
    /// Changes in one push.
    public static let changesPerPush = 500
    /// A push's body, in bytes (a device cuts a page sooner when its changes are large).
    public static let pushBodyBytes = 4 * 1024 * 1024
    /// A pull page's entries: the default and the most one page may ask for.
    public static let defaultPageSize = 500
    public static let maximumPageSize = 1000
    /// A handoff's `state`, encoded as JSON, in bytes.
    public static let handoffStateBytes = 64 * 1024
    /// A handoff's whole body, in bytes.
    public static let handoffBodyBytes = 80 * 1024
    /// A device name, in characters.
    public static let deviceNameLength = 1...100
    /// How often a change stream that has nothing to say sends a keep-alive; a device that hears
    /// nothing for three of these takes the connection for dead and opens another.
    public static let streamKeepAlive: Duration = .seconds(15)
    /// Open change streams of one account on one server instance; one more is refused with 429
    /// `too_many_streams` (as is one past the instance's own bound, `clubhouse-server --max-streams`).
    public static let streamsPerAccount = 32
}
