-- The server's schema on PostgreSQL: accounts and their bearer tokens, then the same records the
-- CLI keeps in SQLite (players, gathers, books, questions), each owned by one account.

CREATE TABLE users (
    id              BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    -- As registered (trimmed, NFC); username_key is the form uniqueness is checked on.
    username        TEXT NOT NULL,
    username_key    TEXT NOT NULL UNIQUE,
    password_hash   TEXT NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Wrong passwords in a row per username key, and when the next attempt may be checked: the
-- per-account slowdown. Keyed by the name tried, not by account, so that an unknown username
-- slows down exactly as a known one does and the answers tell nothing apart.
CREATE TABLE sign_in_failures (
    username_key    TEXT PRIMARY KEY,
    failures        INTEGER NOT NULL CHECK (failures > 0),
    next_attempt_at TIMESTAMPTZ NOT NULL
);

-- Only the SHA-256 of a token is kept: a copy of this table signs nobody in.
CREATE TABLE tokens (
    hash       BYTEA PRIMARY KEY CHECK (length(hash) = 32),
    user_id    BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX tokens_user ON tokens (user_id);
CREATE INDEX tokens_expiry ON tokens (expires_at);

CREATE TABLE players (
    id             BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    owner_id       BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name           TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    age            INTEGER CHECK (age BETWEEN 5 AND 99),
    skill          TEXT CHECK (skill IN ('beginner', 'amateur', 'professional')),
    position       TEXT CHECK (position IN ('goalkeeper', 'defender', 'midfielder', 'winger', 'striker')),
    favourite_team TEXT CHECK (length(favourite_team) BETWEEN 1 AND 100)
);
-- Keyset paging: WHERE owner_id = $1 AND id > $after ORDER BY id.
CREATE INDEX players_owner ON players (owner_id, id);

-- The countdown is stored as the CLI stores it, an anchor and never a ticking counter: the time
-- left when it last started or paused (timer_remaining_ms) and, while it runs, the instant it
-- started (timer_started_ms, Unix ms).
CREATE TABLE gathers (
    id                 BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    owner_id           BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    started_at         TIMESTAMPTZ NOT NULL,
    ended_at           TIMESTAMPTZ,
    winner             TEXT CHECK (winner IN ('Team A', 'Team B', 'None')),
    score_a            INTEGER NOT NULL DEFAULT 0 CHECK (score_a BETWEEN 0 AND 100),
    score_b            INTEGER NOT NULL DEFAULT 0 CHECK (score_b BETWEEN 0 AND 100),
    timer_duration_ms  BIGINT NOT NULL CHECK (timer_duration_ms BETWEEN 1000 AND 3599000),
    timer_state        TEXT NOT NULL CHECK (timer_state IN ('stopped', 'running', 'paused')),
    timer_remaining_ms BIGINT NOT NULL CHECK (timer_remaining_ms BETWEEN 0 AND timer_duration_ms),
    timer_started_ms   BIGINT,
    timer_played_ms    BIGINT NOT NULL DEFAULT 0 CHECK (timer_played_ms >= 0),
    CHECK ((ended_at IS NULL) = (winner IS NULL)),
    CHECK ((timer_state = 'running') = (timer_started_ms IS NOT NULL))
);
-- At most one gather in progress per user; the index settles two requests racing to start one.
CREATE UNIQUE INDEX gathers_in_progress ON gathers (owner_id) WHERE ended_at IS NULL;
CREATE INDEX gathers_history ON gathers (owner_id, ended_at DESC, id DESC) WHERE ended_at IS NOT NULL;

-- Who played, as they were then: a player deleted later still shows in history.
CREATE TABLE gather_players (
    gather_id      BIGINT NOT NULL REFERENCES gathers(id) ON DELETE CASCADE,
    team           TEXT NOT NULL CHECK (team IN ('a', 'b')),
    seat           INTEGER NOT NULL,
    player_id      BIGINT REFERENCES players(id) ON DELETE SET NULL,
    name           TEXT NOT NULL,
    age            INTEGER,
    skill          TEXT,
    position       TEXT,
    favourite_team TEXT,
    PRIMARY KEY (gather_id, team, seat)
);
CREATE INDEX gather_players_player ON gather_players (player_id);

-- A book is never deleted: removing it clears `owned`, so questions that recommended it still
-- show it. One row per owner and ISBN-13.
CREATE TABLE books (
    owner_id    BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    isbn        TEXT NOT NULL CHECK (isbn ~ '^97[89][0-9]{10}$'),
    title       TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
    author      TEXT,
    publisher   TEXT,
    description TEXT,
    price_cents INTEGER CHECK (price_cents BETWEEN 0 AND 100000000),
    published   DATE,
    owned       BOOLEAN NOT NULL DEFAULT TRUE,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
    -- What a question's words are matched against: title weighs most, then author, then description.
    search      TSVECTOR GENERATED ALWAYS AS (
        setweight(to_tsvector('simple', title), 'A')
        || setweight(to_tsvector('simple', coalesce(author, '')), 'B')
        || setweight(to_tsvector('simple', coalesce(description, '')), 'C')) STORED,
    PRIMARY KEY (owner_id, isbn)
);
CREATE INDEX books_shelf ON books (owner_id, updated_at DESC, isbn) WHERE owned;
CREATE INDEX books_search ON books USING GIN (search);

CREATE TABLE questions (
    id       BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    owner_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    text     TEXT NOT NULL CHECK (length(text) BETWEEN 10 AND 100),
    answer   TEXT NOT NULL,
    asked_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX questions_owner ON questions (owner_id, id);

-- The books a question recommended, best first.
CREATE TABLE question_books (
    question_id BIGINT NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
    rank        INTEGER NOT NULL,
    owner_id    BIGINT NOT NULL,
    isbn        TEXT NOT NULL,
    PRIMARY KEY (question_id, rank),
    FOREIGN KEY (owner_id, isbn) REFERENCES books(owner_id, isbn)
);
