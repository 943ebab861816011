-- Football Gather: gathers (two teams, a score and a countdown) and who played in them.

-- A gather is in progress while ended_at is NULL; ended ones are the history. The countdown is
-- stored as an anchor, never as a ticking counter: the time left when it last started or paused
-- (timer_remaining_ms) and, while it runs, the instant it started (timer_started_ms, Unix ms).
-- The time left now is timer_remaining_ms - (now - timer_started_ms), never below zero.
CREATE TABLE gathers (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    owner_id           INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    started_at         TEXT NOT NULL,
    ended_at           TEXT,
    winner             TEXT CHECK (winner IS NULL OR winner IN ('Team A', 'Team B', 'None')),
    score_a            INTEGER NOT NULL DEFAULT 0 CHECK (score_a BETWEEN 0 AND 100),
    score_b            INTEGER NOT NULL DEFAULT 0 CHECK (score_b BETWEEN 0 AND 100),
    timer_duration_ms  INTEGER NOT NULL CHECK (timer_duration_ms BETWEEN 1000 AND 3599000),
    timer_state        TEXT NOT NULL CHECK (timer_state IN ('stopped', 'running', 'paused')),
    timer_remaining_ms INTEGER NOT NULL CHECK (timer_remaining_ms BETWEEN 0 AND timer_duration_ms),
    timer_started_ms   INTEGER,
    -- Time counted down before the current running period: with it, the time played.
    timer_played_ms    INTEGER NOT NULL DEFAULT 0 CHECK (timer_played_ms >= 0),
    CHECK ((ended_at IS NULL) = (winner IS NULL)),
    CHECK ((timer_state = 'running') = (timer_started_ms IS NOT NULL))
);
-- At most one gather in progress per user.
CREATE UNIQUE INDEX gathers_in_progress ON gathers (owner_id) WHERE ended_at IS NULL;
CREATE INDEX gathers_history ON gathers (owner_id, ended_at);

-- The players of a gather, by team and in the order they were picked. Name, age, skill, position
-- and favourite team are kept here so that history shows a player as they played, even once
-- deleted (player_id then becomes NULL).
CREATE TABLE gather_players (
    gather_id      INTEGER NOT NULL REFERENCES gathers(id) ON DELETE CASCADE,
    team           TEXT NOT NULL CHECK (team IN ('a', 'b')),
    seat           INTEGER NOT NULL,
    player_id      INTEGER REFERENCES players(id) ON DELETE SET NULL,
    name           TEXT NOT NULL,
    age            INTEGER,
    skill          TEXT,
    position       TEXT,
    favourite_team TEXT,
    PRIMARY KEY (gather_id, team, seat)
);
CREATE INDEX gather_players_player ON gather_players (player_id);
