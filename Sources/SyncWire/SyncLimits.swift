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
}
