/// A value stored in the database that this version cannot show as it is stored: a file edited by
/// hand (an age that is text, a position that is not one of the list, a score beyond the range).
/// The record shows something else in its place (unknown, empty, a default, the nearest allowed
/// value), and this says what and why, so that a front end can tell the person looking.
///
/// Records read from the database carry theirs (`Player.unshowableValues` and the like); a front
/// end tells of those of the records it shows, once each, through an ``UnshowableValueReport``.
/// `ClubhouseApp.check` reports every one, shown or not.
public struct UnshowableValue: Hashable, Sendable {
    /// The record as people name it: `player 3`, `book 9780441013593`, `gather 2`.
    public let record: String
    /// The database column: `age`, `score_a`.
    public let column: String
    /// What is stored and why it cannot be shown: `'old', not a number`. Stored text is quoted
    /// and cut short; it may hold anything (a front end escapes it).
    public let problem: String
    /// What is shown instead: `shown as unknown`.
    public let shown: String

    public init(record: String, column: String, problem: String, shown: String) {
        self.record = record
        self.column = column
        self.problem = problem
        self.shown = shown
    }

    /// One line for people: `player 3's age in the database is 'old', not a number; shown as unknown`.
    public var message: String { "\(record)'s \(column) in the database is \(problem); \(shown)" }
}

/// Something read from the database that a front end shows, with the values of it (and of the
/// records shown with it) that this version cannot show as they are stored.
public protocol ShowsStoredValues {
    var unshowableValues: [UnshowableValue] { get }
}

extension Array: ShowsStoredValues where Element: ShowsStoredValues {
    public var unshowableValues: [UnshowableValue] { flatMap(\.unshowableValues) }
}

extension Optional: ShowsStoredValues where Wrapped: ShowsStoredValues {
    public var unshowableValues: [UnshowableValue] { self?.unshowableValues ?? [] }
}

/// What a front end tells about the unshowable values of what one command shows: each record
/// and column once, every value of the first ``namedRecords`` records, and how many more records
/// have some (a list may hold a million tampered rows; a warning per row would bury the output).
public struct UnshowableValueReport: Equatable, Sendable {
    /// Records whose values are named one by one; the others are counted.
    public static let namedRecords = 5

    /// The values of the first records, in the order they were added, each record and column once.
    public private(set) var values: [UnshowableValue] = []
    /// Records with unshowable values beyond the first ``namedRecords``.
    public private(set) var otherRecords = 0

    private var named: [String] = []
    private var others: Set<String> = []

    public init() {}

    public init(_ shown: some ShowsStoredValues) {
        add(shown.unshowableValues)
    }

    public var isEmpty: Bool { values.isEmpty && otherRecords == 0 }

    /// Adds values (of one record or several, in the order shown); a record and column already
    /// told of is not told again.
    public mutating func add(_ shown: [UnshowableValue]) {
        for value in shown { add(value, distinct: false) }
    }

    /// Adds the values of a record that was not added before (a list read in order, where
    /// remembering every record beyond the named ones would cost memory per row).
    package mutating func addDistinct(_ record: [UnshowableValue]) {
        for value in record { add(value, distinct: true) }
    }

    private mutating func add(_ value: UnshowableValue, distinct: Bool) {
        if named.contains(value.record) {
            if !values.contains(value) { values.append(value) }
        } else if named.count < Self.namedRecords {
            named.append(value.record)
            values.append(value)
        } else if distinct {
            // One record's values come together: count the record at its first.
            if value.record != lastCounted {
                otherRecords += 1
                lastCounted = value.record
            }
        } else if others.insert(value.record).inserted {
            otherRecords += 1
        }
    }

    private var lastCounted: String?
}
