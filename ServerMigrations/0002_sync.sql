-- Offline-first sync: every synced record gets a key no device can collide with, and each
-- account a change log that devices pull in order. Books keep their key, the ISBN-13.

-- Keys: random UUIDs, made here for the rows that exist and for every row the REST API adds;
-- a device sends the key it made. Unique per owner: another account's keys are another record.
ALTER TABLE players ADD COLUMN key UUID;
UPDATE players SET key = gen_random_uuid();
ALTER TABLE players ALTER COLUMN key SET NOT NULL;
ALTER TABLE players ALTER COLUMN key SET DEFAULT gen_random_uuid();
CREATE UNIQUE INDEX players_key ON players (owner_id, key);

ALTER TABLE gathers ADD COLUMN key UUID;
UPDATE gathers SET key = gen_random_uuid();
ALTER TABLE gathers ALTER COLUMN key SET NOT NULL;
ALTER TABLE gathers ALTER COLUMN key SET DEFAULT gen_random_uuid();
CREATE UNIQUE INDEX gathers_key ON gathers (owner_id, key);

ALTER TABLE questions ADD COLUMN key UUID;
UPDATE questions SET key = gen_random_uuid();
ALTER TABLE questions ALTER COLUMN key SET NOT NULL;
ALTER TABLE questions ALTER COLUMN key SET DEFAULT gen_random_uuid();
CREATE UNIQUE INDEX questions_key ON questions (owner_id, key);

-- The devices of an account, as they first used sync; named by their handoffs.
CREATE TABLE sync_devices (
    owner_id     BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    id           UUID NOT NULL,
    name         TEXT CHECK (length(name) BETWEEN 1 AND 100),
    first_seen   TIMESTAMPTZ NOT NULL DEFAULT now(),
    last_seen    TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (owner_id, id)
);

-- The account's change log: its order (seq) is the truth of which write came last. A change
-- (put or delete, from a device or from the REST API when device_id is null) is seen by every
-- device of the account; a notice (op 'notice') only by target_device. Writers of one account
-- append under a per-account lock, so an account's seqs become visible in order and a pull
-- never skips one still being written.
CREATE TABLE sync_log (
    seq            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    owner_id       BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    entity         TEXT NOT NULL CHECK (entity IN ('player', 'book', 'question', 'gather')),
    key            TEXT NOT NULL,
    op             TEXT NOT NULL CHECK (op IN ('put', 'delete', 'notice')),
    fields         JSONB NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(fields) = 'object'),
    device_id      UUID,
    change_id      UUID,
    target_device  UUID,
    notice_code    TEXT,
    notice_message TEXT,
    logged_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    CHECK ((op = 'notice') = (target_device IS NOT NULL)),
    CHECK ((op = 'notice') = (change_id IS NULL)),
    CHECK ((op = 'notice') = (notice_code IS NOT NULL AND notice_message IS NOT NULL))
);
-- A pull: the account's entries after a cursor.
CREATE INDEX sync_log_owner ON sync_log (owner_id, seq);
-- The history of one record since a change's base (notices of concurrent writes).
CREATE INDEX sync_log_record ON sync_log (owner_id, entity, key, seq);

-- Every change id an account pushed, with its first result: a repeated push answers it again
-- and changes nothing.
CREATE TABLE sync_applied (
    owner_id   BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    change_id  UUID NOT NULL,
    status     TEXT NOT NULL CHECK (status IN ('applied', 'refused')),
    code       TEXT,
    message    TEXT,
    applied_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (owner_id, change_id),
    CHECK ((status = 'refused') = (code IS NOT NULL))
);

-- Keys that no put may bring back: deleted records (delete wins over a concurrent edit) and
-- records whose create was refused (their later changes are refused as unknown). `label` names
-- the record in messages once its row is gone.
CREATE TABLE sync_tombstones (
    owner_id  BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    entity    TEXT NOT NULL CHECK (entity IN ('player', 'book', 'question', 'gather')),
    key       TEXT NOT NULL,
    reason    TEXT NOT NULL CHECK (reason IN ('deleted', 'refused')),
    label     TEXT NOT NULL,
    seq       BIGINT,
    buried_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (owner_id, entity, key)
);

-- Where each device of an account is, per scene, so another device can continue there. The
-- state is opaque to the server.
CREATE TABLE sync_handoffs (
    owner_id    BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    device_id   UUID NOT NULL,
    scene       TEXT NOT NULL CHECK (length(scene) BETWEEN 1 AND 32),
    device_name TEXT NOT NULL CHECK (length(device_name) BETWEEN 1 AND 100),
    state       JSONB NOT NULL,
    made_at     BIGINT NOT NULL,
    received_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (owner_id, device_id, scene)
);
CREATE INDEX sync_handoffs_newest ON sync_handoffs (owner_id, scene, made_at DESC);

-- What the server held before sync, logged as creates (books before the questions that
-- recommend them, players before the gathers they played in), so a device's first pull brings
-- it all. Their fields are as a push would log them.
INSERT INTO sync_log (owner_id, entity, key, op, fields, change_id)
SELECT owner_id, 'player', key::text, 'put',
       jsonb_build_object('name', name, 'age', age, 'skill', skill, 'position', position,
                          'favouriteTeam', favourite_team),
       gen_random_uuid()
FROM players ORDER BY id;

INSERT INTO sync_log (owner_id, entity, key, op, fields, change_id)
SELECT owner_id, 'book', isbn, 'put',
       jsonb_build_object('title', title, 'author', author, 'publisher', publisher, 'description', description,
                          'priceCents', price_cents, 'published', to_char(published, 'YYYY-MM-DD'),
                          'owned', owned),
       gen_random_uuid()
FROM books ORDER BY created_at, isbn;

INSERT INTO sync_log (owner_id, entity, key, op, fields, change_id)
SELECT g.owner_id, 'gather', g.key::text, 'put',
       jsonb_build_object(
           'startedAt', round(extract(epoch FROM g.started_at) * 1000)::bigint,
           'endedAt', round(extract(epoch FROM g.ended_at) * 1000)::bigint,
           'winner', g.winner, 'scoreA', g.score_a, 'scoreB', g.score_b,
           'timerDurationMs', g.timer_duration_ms, 'timerState', g.timer_state,
           'timerRemainingMs', g.timer_remaining_ms, 'timerStartedMs', g.timer_started_ms,
           'timerPlayedMs', g.timer_played_ms,
           'teams', jsonb_build_object(
               'a', coalesce((
                   SELECT jsonb_agg(jsonb_build_object('player', p.key::text, 'name', gp.name, 'age', gp.age,
                                                       'skill', gp.skill, 'position', gp.position,
                                                       'favouriteTeam', gp.favourite_team) ORDER BY gp.seat)
                   FROM gather_players gp LEFT JOIN players p ON p.id = gp.player_id
                   WHERE gp.gather_id = g.id AND gp.team = 'a'), '[]'::jsonb),
               'b', coalesce((
                   SELECT jsonb_agg(jsonb_build_object('player', p.key::text, 'name', gp.name, 'age', gp.age,
                                                       'skill', gp.skill, 'position', gp.position,
                                                       'favouriteTeam', gp.favourite_team) ORDER BY gp.seat)
                   FROM gather_players gp LEFT JOIN players p ON p.id = gp.player_id
                   WHERE gp.gather_id = g.id AND gp.team = 'b'), '[]'::jsonb))),
       gen_random_uuid()
FROM gathers g ORDER BY g.id;

INSERT INTO sync_log (owner_id, entity, key, op, fields, change_id)
SELECT q.owner_id, 'question', q.key::text, 'put',
       jsonb_build_object(
           'text', q.text, 'answer', q.answer, 'askedAt', round(extract(epoch FROM q.asked_at) * 1000)::bigint,
           'books', coalesce((SELECT jsonb_agg(qb.isbn ORDER BY qb.rank) FROM question_books qb
                              WHERE qb.question_id = q.id), '[]'::jsonb)),
       gen_random_uuid()
FROM questions q ORDER BY q.id;
