internal import ClubhousePersistence

extension ClubhouseApp {
    /// Stops the long work under way in this process (an import, ``ClubhouseApp/check(_:)``, ``ClubhouseApp/backup(_:to:)``)
    /// at its next step, from any thread (not from a signal handler): it throws
    /// ``/ClubhouseDomain/StorageError/interrupted`` and what it had written is rolled back. Work started later
    /// stops too, until ``clearInterruption()``: a command line that asks on Ctrl-C then exits.
    public static func interrupt() {
        Interruption.request()
    }

    /// Whether ``interrupt()`` was called since the last ``clearInterruption()``.
    public static var isInterrupted: Bool { Interruption.isRequested }

    /// Lets work run again after ``interrupt()``.
    public static func clearInterruption() {
        Interruption.clear()
    }
}
