import ClubhouseDomain
import Foundation
import PostgresNIO

/// Where a sign-in attempt is counted: against a device cookie of the account it names (a client
/// that signed in before, OWASP's device cookies) or, for every other client, against the
/// username. Failures in one lane never slow the other.
package enum SignInLane: Sendable, Equatable {
    /// The SHA-256 of the cookie presented.
    case device([UInt8])
    case username
}

/// The sign-in slowdown in SQL: attempts counted before any password is checked, in one
/// statement each, so that guesses sent at once count one by one (checked first and counted
/// after, thirty of them all passed the check). The waiting rule itself is PostgreSQL's
/// `clubhouse_next_attempt` (ServerMigrations/0005), one rule for both lanes.
package struct SignInAttempts: Sendable {
    let connection: PostgresConnection
    let logger: Logger
    /// Attempts in a row that go ahead; each further one waits `first`, doubled for every attempt
    /// since, up to `longest`.
    let allowed: Int
    let first: Duration
    let longest: Duration

    /// The rule as the server is configured (`signInFailuresBeforeSlowdown`, `firstSignInWait`,
    /// `longestSignInWait`).
    package init(_ connection: PostgresConnection, logger: Logger, configuration: ServerConfiguration) {
        self.connection = connection
        self.logger = logger
        allowed = configuration.signInFailuresBeforeSlowdown
        first = configuration.firstSignInWait
        longest = configuration.longestSignInWait
    }

    /// How long a cookie stays live unused, and how many one account keeps (its most recently used).
    static let cookieLifetimeDays = 365
    static let cookiesPerAccount = 50

    /// The lane an attempt with `cookie` at the username whose key is `key` is counted in, read
    /// without writing anything: the client takes its place in the hashing line by it before its
    /// attempt is counted (`PasswordHashing.admitted`), so one refused a place wrote nothing.
    package func lane(key: String, cookie: DeviceCookie?) async throws -> SignInLane {
        guard let cookie else { return .username }
        let digest = cookie.hash
        let rows = try await connection.query(
            """
            SELECT 1 FROM device_cookies c JOIN users u ON u.id = c.user_id
            WHERE c.hash = \(ByteBuffer(bytes: digest)) AND u.username_key = \(key)
                AND c.last_used_at > now() - make_interval(days => \(Self.cookieLifetimeDays)::integer)
            """, logger: logger)
        for try await _ in rows { return .device(digest) }
        return .username
    }

    /// How long a name's failures are kept once its last wait is over: an hour while it has not
    /// been slowed (a flood of made-up names leaves nothing for long), a day once it has.
    static let forgetUnslowedAfter = "1 hour"
    static let forgetSlowedAfter = "1 day"

    /// Counts an attempt at the password of the username whose key is `key`, in the lane
    /// `cookie` earns: a live cookie of that account counts in its own lane, anything else
    /// (none, unknown, expired, another account's) in the username's. Answers the lane, and nil
    /// when the attempt may go ahead (it is counted: a right password clears the count) or how
    /// long until one may.
    package func count(key: String, cookie: DeviceCookie?) async throws -> (lane: SignInLane, wait: Duration?) {
        if let cookie {
            let digest = cookie.hash
            let hash = ByteBuffer(bytes: digest)
            // The row lock makes concurrent attempts with one cookie take turns; the WHERE sees
            // the row as the previous attempt left it.
            let counted = try await connection.query(
                """
                UPDATE device_cookies c SET failures = least(c.failures + 1, 1000),
                    next_attempt_at = clubhouse_next_attempt(
                        c.failures + 1, \(allowed)::integer, \(milliseconds(first)), \(milliseconds(longest)))
                FROM users u
                WHERE c.hash = \(hash) AND u.id = c.user_id AND u.username_key = \(key)
                    AND c.last_used_at > now() - make_interval(days => \(Self.cookieLifetimeDays)::integer)
                    AND c.next_attempt_at <= now()
                RETURNING 1
                """, logger: logger)
            for try await _ in counted { return (.device(digest), nil) }
            let waiting = try await connection.query(
                """
                SELECT EXTRACT(EPOCH FROM c.next_attempt_at - now())::float8
                FROM device_cookies c JOIN users u ON u.id = c.user_id
                WHERE c.hash = \(hash) AND u.username_key = \(key)
                    AND c.last_used_at > now() - make_interval(days => \(Self.cookieLifetimeDays)::integer)
                """, logger: logger)
            for try await seconds in waiting.decode(Double.self) { return (.device(digest), Self.wait(seconds)) }
        }
        // Each attempt counted here forgets two names whose time is over (never its own, which the
        // same statement counts; an attempt refused for its wait writes nothing): rows come only
        // from attempts given a hashing turn, and go at least as fast, so what is kept is bounded
        // by the hashes of the last day, whatever the names (it was one row per name ever tried,
        // for ever).
        let counted = try await connection.query(
            """
            WITH counted AS (
                INSERT INTO sign_in_failures AS f (username_key, failures, next_attempt_at)
                VALUES (\(key), 1, clubhouse_next_attempt(1, \(allowed)::integer, \(milliseconds(first)), \(milliseconds(longest))))
                ON CONFLICT (username_key) DO UPDATE SET
                    failures = least(f.failures + 1, 1000),
                    next_attempt_at = clubhouse_next_attempt(
                        f.failures + 1, \(allowed)::integer, \(milliseconds(first)), \(milliseconds(longest)))
                WHERE f.next_attempt_at <= now()
                RETURNING 1),
            forgotten AS (
                DELETE FROM sign_in_failures WHERE EXISTS (SELECT 1 FROM counted) AND ctid = ANY(ARRAY(
                    SELECT ctid FROM sign_in_failures
                    WHERE username_key <> \(key) AND next_attempt_at < now() - CASE
                        WHEN failures < \(allowed)::integer THEN interval '\(unescaped: Self.forgetUnslowedAfter)'
                        ELSE interval '\(unescaped: Self.forgetSlowedAfter)' END
                    LIMIT 2)))
            SELECT 1 FROM counted
            """, logger: logger)
        for try await _ in counted { return (.username, nil) }
        let rows = try await connection.query(
            """
            SELECT EXTRACT(EPOCH FROM next_attempt_at - now())::float8 FROM sign_in_failures
            WHERE username_key = \(key)
            """, logger: logger)
        for try await seconds in rows.decode(Double.self) { return (.username, Self.wait(seconds)) }
        return (.username, .seconds(1))
    }

    /// After the right password: clears the count of the lane the attempt was counted in and
    /// answers the cookie the client keeps for its next sign-in (the one it presented, still
    /// live, or a new one). A right password through a cookie leaves the username's count alone:
    /// whoever is guessing there still waits.
    package func succeeded(key: String, lane: SignInLane, user: User.ID, presented: DeviceCookie?) async throws
        -> DeviceCookie
    {
        if case .device(let hash) = lane, let presented {
            try await connection.query(
                """
                UPDATE device_cookies SET failures = 0, next_attempt_at = now(), last_used_at = now()
                WHERE hash = \(ByteBuffer(bytes: hash))
                """, logger: logger)
            return presented
        }
        try await connection.query("DELETE FROM sign_in_failures WHERE username_key = \(key)", logger: logger)
        let cookie = DeviceCookie.random()
        try await connection.query(
            "INSERT INTO device_cookies (hash, user_id) VALUES (\(ByteBuffer(bytes: cookie.hash)), \(user))",
            logger: logger)
        // The account's cookies unused for a year, and past its most recent fifty, go.
        try await connection.query(
            """
            DELETE FROM device_cookies WHERE user_id = \(user) AND (
                last_used_at <= now() - make_interval(days => \(Self.cookieLifetimeDays)::integer)
                OR hash IN (SELECT hash FROM device_cookies WHERE user_id = \(user)
                            ORDER BY last_used_at DESC OFFSET \(Self.cookiesPerAccount)))
            """, logger: logger)
        return cookie
    }

    private func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    private static func wait(_ seconds: Double) -> Duration {
        .milliseconds(max(Int64(seconds * 1000), 1000))
    }
}
