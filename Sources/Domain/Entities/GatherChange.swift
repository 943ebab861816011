/// What can be done to a gather in progress: its score and its countdown.
public enum GatherChange: Equatable, Sendable {
    /// One goal more (or, with -1, less) for a team; stays within 0–100.
    case score(Team, by: Int)
    case setScore(Score)
    case setTimer(Milliseconds)
    case startTimer, pauseTimer, resumeTimer, resetTimer
}
