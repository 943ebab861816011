-- Device cookies (OWASP's "Slow Down Online Guessing Attacks with Device Cookies"): a secret a
-- client gets at a successful sign-in and sends with its next ones. An attempt that presents a
-- live cookie of the account it names counts its failures against that cookie alone, so wrong
-- passwords sent by anyone else (counted per username in sign_in_failures) never slow a device
-- that signed in before. Only the SHA-256 is kept, as for tokens; a cookie unused for a year goes.
CREATE TABLE device_cookies (
    hash            BYTEA PRIMARY KEY CHECK (length(hash) = 32),
    user_id         BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    last_used_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    failures        INTEGER NOT NULL DEFAULT 0 CHECK (failures >= 0),
    next_attempt_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX device_cookies_user ON device_cookies (user_id, last_used_at);

-- The slowdown's one rule, for the username's count and each cookie's: the first `allowed`
-- attempts in a row go ahead, each further one waits `first_ms` doubled for every attempt since,
-- up to `longest_ms`. The next moment an attempt may be made after the `failures`-th.
CREATE FUNCTION clubhouse_next_attempt(failures integer, allowed integer, first_ms float8, longest_ms float8)
RETURNS timestamptz LANGUAGE sql STABLE AS '
    SELECT CASE WHEN failures <= allowed THEN now()
        ELSE now() + make_interval(secs => least(
            first_ms * power(2, least(failures - allowed - 1, 30)), longest_ms) / 1000.0) END';
