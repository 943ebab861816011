/// A gather's countdown. It stores an anchor, never a ticking counter: the time left when it was
/// last started or paused, and the instant it was started if it runs. The time left at any
/// instant follows from those, so it keeps real time across processes.
public struct GatherTimer: Equatable, Sendable {
    /// The app's default: ten minutes.
    public static let defaultDuration: Milliseconds = 600_000
    /// Time played is kept below this (a century), so that no tampered value can overflow a sum.
    package static let playedLimit: Milliseconds = 100 * 366 * 86_400_000
    /// The app's picker: minutes and seconds 0–59 each, at least one second.
    public static let durationRange: ClosedRange<Milliseconds> = 1_000...3_599_000

    public enum State: String, CaseIterable, Sendable {
        case stopped, running, paused
    }

    /// What the timer was set to.
    public private(set) var duration: Milliseconds
    public private(set) var state: State
    /// Time left at `startedAt` when running, else time left now.
    public private(set) var remainingAtAnchor: Milliseconds
    /// When the running period began; nil unless running.
    public private(set) var startedAt: Milliseconds?
    /// Time counted down before the running period, since the gather started.
    public private(set) var playedBeforeAnchor: Milliseconds

    public init() {
        self.init(
            duration: Self.defaultDuration, state: .stopped, remainingAtAnchor: Self.defaultDuration, startedAt: nil,
            playedBeforeAnchor: 0)
    }

    /// A timer as stored. Values the rules do not allow (a tampered row) are brought back within
    /// them instead of trusted: a running timer without a start is paused, time left never
    /// exceeds the duration.
    public init(
        duration: Milliseconds, state: State, remainingAtAnchor: Milliseconds, startedAt: Milliseconds?,
        playedBeforeAnchor: Milliseconds
    ) {
        let duration = min(max(duration, Self.durationRange.lowerBound), Self.durationRange.upperBound)
        self.duration = duration
        self.remainingAtAnchor = min(max(remainingAtAnchor, 0), duration)
        self.playedBeforeAnchor = min(max(playedBeforeAnchor, 0), Self.playedLimit)
        if state == .running, let startedAt {
            self.state = .running
            self.startedAt = startedAt
        } else {
            self.state = state == .running ? .paused : state
            self.startedAt = nil
        }
    }

    /// Time left at `now`, never below zero. A clock set back is treated as no time passing.
    public func remaining(at now: Milliseconds) -> Milliseconds {
        guard state == .running, let startedAt else { return remainingAtAnchor }
        // A start so far back that the difference overflows has long run out.
        let (difference, overflow) = now.subtractingReportingOverflow(startedAt)
        let elapsed = overflow ? (now > startedAt ? Milliseconds.max : 0) : max(difference, 0)
        return max(remainingAtAnchor - min(elapsed, remainingAtAnchor), 0)
    }

    /// Time left in whole seconds as a countdown shows it: rounded up, so 09:53 shows until the
    /// 593rd second before the end has begun and 00:00 means time is up.
    public func remainingSeconds(at now: Milliseconds) -> Int {
        Int((remaining(at: now) + 999) / 1000)
    }

    public func isUp(at now: Milliseconds) -> Bool { remaining(at: now) == 0 }

    /// The state at `now`: a running timer whose time is up has stopped.
    public func effectiveState(at now: Milliseconds) -> State {
        state == .running && isUp(at: now) ? .stopped : state
    }

    /// Time counted down so far in this gather.
    public func played(at now: Milliseconds) -> Milliseconds {
        playedBeforeAnchor + (remainingAtAnchor - remaining(at: now))
    }

    /// The timer as it is at `now`, with a finished run settled (stopped at zero).
    public func settled(at now: Milliseconds) -> GatherTimer {
        guard state == .running, isUp(at: now) else { return self }
        var timer = self
        timer.anchor(.stopped, at: now)
        return timer
    }

    public mutating func start(at now: Milliseconds) throws(ClubhouseError) {
        self = settled(at: now)
        switch state {
        case .running: throw .invalidInput("the timer is already running")
        case .stopped, .paused:
            guard remainingAtAnchor > 0 else {
                throw .invalidInput("time is up; set a new time or reset the timer before starting it again")
            }
            anchor(.running, at: now)
        }
    }

    public mutating func pause(at now: Milliseconds) throws(ClubhouseError) {
        self = settled(at: now)
        guard state == .running else {
            throw .invalidInput(
                isUp(at: now) ? "time is up; the timer has stopped" : "the timer is not running")
        }
        anchor(.paused, at: now)
    }

    public mutating func resume(at now: Milliseconds) throws(ClubhouseError) {
        self = settled(at: now)
        guard state == .paused else {
            throw .invalidInput(
                state == .running
                    ? "the timer is already running"
                    : remainingAtAnchor == 0
                        ? "time is up; set a new time or reset the timer to play on"
                        : "the timer is not paused; start it instead")
        }
        anchor(.running, at: now)
    }

    /// Stops where it is: what ended a gather.
    public mutating func stop(at now: Milliseconds) {
        anchor(.stopped, at: now)
    }

    /// Back to the default ten minutes, stopped (the app's reset).
    public mutating func reset(at now: Milliseconds) {
        set(Self.defaultDuration, at: now)
    }

    /// A new time, stopped: setting a time while it runs stops it (app).
    public mutating func set(_ duration: Milliseconds, at now: Milliseconds) {
        anchor(.stopped, at: now)
        self.duration = min(max(duration, Self.durationRange.lowerBound), Self.durationRange.upperBound)
        remainingAtAnchor = self.duration
    }

    /// Folds the running period into the anchor and moves to `state`.
    private mutating func anchor(_ state: State, at now: Milliseconds) {
        let left = remaining(at: now)
        playedBeforeAnchor = min(playedBeforeAnchor + (remainingAtAnchor - left), Self.playedLimit)
        remainingAtAnchor = left
        self.state = state
        startedAt = state == .running ? now : nil
    }

    /// Parses `MM:SS` as the app's picker allows it: minutes and seconds 0–59, at least one second.
    public static func duration(parsing text: String) throws(ClubhouseError) -> Milliseconds {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let minutes = digits(parts[0]), let seconds = digits(parts[1]) else {
            throw .invalidInput("a time is MM:SS, for example 10:00 or 05:30")
        }
        guard (0...59).contains(minutes), (0...59).contains(seconds) else {
            throw .invalidInput("minutes and seconds must each be between 00 and 59")
        }
        guard minutes + seconds > 0 else { throw .invalidInput("the time must be at least 00:01") }
        return Milliseconds(minutes * 60 + seconds) * 1000
    }

    private static func digits(_ text: Substring) -> Int? {
        guard (1...2).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    /// Zero-padded MM:SS, as the app shows it.
    public static func text(seconds: Int) -> String {
        let seconds = max(seconds, 0)
        let minutes = seconds / 60
        let rest = seconds % 60
        return (minutes < 10 ? "0" : "") + "\(minutes):" + (rest < 10 ? "0" : "") + "\(rest)"
    }
}
