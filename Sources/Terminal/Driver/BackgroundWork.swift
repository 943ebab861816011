/// Work the app runs beside its loop for as long as it is open (live sync, when a remote is set),
/// kept behind this value so that the terminal app needs nothing of what the work uses. It reports
/// a few words for the title bar whenever they change (nil: nothing to show); the driver draws
/// them at once.
public struct BackgroundWork: Sendable {
    public typealias Report = @Sendable (TitleStatus?) -> Void
    let body: @Sendable (_ report: @escaping Report) async throws -> Void

    /// `body` runs until its task is cancelled (when the app quits). An error it throws is shown
    /// in the title bar; the app goes on without it.
    public init(_ body: @escaping @Sendable (_ report: @escaping Report) async throws -> Void) {
        self.body = body
    }
}

/// What the title bar says of the background work: "synced", "offline, 3 waiting".
public struct TitleStatus: Equatable, Sendable {
    public var text: String
    /// Drawn as a warning (offline, signed out).
    public var warns: Bool

    public init(_ text: String, warns: Bool = false) {
        self.text = text
        self.warns = warns
    }
}
