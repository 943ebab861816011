-- Users, the device's sign-in session, players and each user's navigation state.
-- Applied once, in one transaction, by the DatabaseMigrator (see AppDatabase).

CREATE TABLE users (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    username      TEXT NOT NULL CHECK (username <> ''),
    -- Case-folded, composed spelling: usernames are unique whatever their case.
    username_key  TEXT NOT NULL UNIQUE,
    -- A PHC-style scrypt string: "$scrypt$ln=..,r=..,p=..$salt$hash". Never the password.
    password_hash TEXT NOT NULL,
    created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE sessions (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    started_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    ended_at   TEXT
);
-- One device, one signed-in user: at most one session without an end.
CREATE UNIQUE INDEX sessions_one_active ON sessions ((ended_at IS NULL)) WHERE ended_at IS NULL;
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE players (
    -- AUTOINCREMENT: ids are never reused, so a stale route can never land on a newer player.
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    owner_id       INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name           TEXT NOT NULL CHECK (name <> ''),
    age            INTEGER CHECK (age IS NULL OR age BETWEEN 5 AND 99),
    skill          TEXT CHECK (skill IS NULL OR skill IN ('beginner', 'amateur', 'professional')),
    position       TEXT CHECK (position IS NULL OR position IN ('goalkeeper', 'defender', 'midfielder', 'winger', 'striker')),
    favourite_team TEXT,
    created_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX players_owner ON players (owner_id, id);

-- Where each signed-in user is. Tab and page are plain columns for the sqlite3 shell;
-- stacks is a JSON object of tab name -> array of screen paths, root first,
-- e.g. {"players":["players","players/3"]}. `version` is the encoding's version.
CREATE TABLE navigation_state (
    user_id       INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    version       INTEGER NOT NULL,
    root_flow     TEXT NOT NULL,
    selected_tab  TEXT NOT NULL,
    selected_page TEXT NOT NULL,
    stacks        TEXT NOT NULL,
    updated_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
