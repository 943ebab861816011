import ClubhouseDomain

/// A gather as a screen shows it at one instant: the countdown is read from the timer's anchor.
public struct GatherViewModel: Equatable, Sendable {
    public let gather: Gather
    /// Time left, whole seconds rounded up.
    public let remainingSeconds: Int
    public let timerState: GatherTimer.State
    /// Time counted down so far, whole seconds.
    public let playedSeconds: Int

    public init(_ gather: Gather, now: Milliseconds) {
        self.gather = gather
        remainingSeconds = gather.timer.remainingSeconds(at: now)
        timerState = gather.timer.effectiveState(at: now)
        playedSeconds = Int(gather.timer.played(at: now) / 1000)
    }

    public var durationSeconds: Int { Int(gather.timer.duration / 1000) }

    /// The countdown as the app shows it: MM:SS.
    public var timerText: String { GatherTimer.text(seconds: remainingSeconds) }

    public var playedText: String { GatherTimer.text(seconds: playedSeconds) }

    /// A gather in progress whose countdown reached zero: time to end it.
    public var isTimeUp: Bool { gather.isInProgress && remainingSeconds == 0 }
}
