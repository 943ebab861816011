-- Sync with a clubhouse-server (issue 20): record keys, the remote, the outbox, notices.
--
-- Keys: players, gathers and questions get a random UUID (lowercase, 36 characters) that no other
-- device can collide with; books are keyed by their ISBN-13. Local integer ids stay what the user
-- types. A row inserted without a key gets one from its insert trigger (before the outbox reads
-- it), so every code path has one.
ALTER TABLE players ADD COLUMN key TEXT CHECK (key IS NULL OR length(key) = 36);
ALTER TABLE gathers ADD COLUMN key TEXT CHECK (key IS NULL OR length(key) = 36);
ALTER TABLE questions ADD COLUMN key TEXT CHECK (key IS NULL OR length(key) = 36);

-- A version 4 UUID from SQLite's random source.
CREATE VIEW sync_new_uuid AS SELECT
    lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4'
    || substr(lower(hex(randomblob(2))), 2) || '-'
    || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(lower(hex(randomblob(2))), 2) || '-'
    || lower(hex(randomblob(6))) AS uuid;

-- (The expression, not the view: SQLite would run the view's subquery once per statement.)
UPDATE players SET key = lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4'
    || substr(lower(hex(randomblob(2))), 2) || '-'
    || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(lower(hex(randomblob(2))), 2) || '-'
    || lower(hex(randomblob(6)))
WHERE key IS NULL;
UPDATE gathers SET key = lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4'
    || substr(lower(hex(randomblob(2))), 2) || '-'
    || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(lower(hex(randomblob(2))), 2) || '-'
    || lower(hex(randomblob(6)))
WHERE key IS NULL;
UPDATE questions SET key = lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4'
    || substr(lower(hex(randomblob(2))), 2) || '-'
    || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(lower(hex(randomblob(2))), 2) || '-'
    || lower(hex(randomblob(6)))
WHERE key IS NULL;
CREATE UNIQUE INDEX players_key ON players (owner_id, key);
CREATE UNIQUE INDEX gathers_key ON gathers (owner_id, key);
CREATE UNIQUE INDEX questions_key ON questions (owner_id, key);


-- The server a local user syncs with: at most one per user. The token is the account's bearer
-- token (never printed); cursor is the last log position applied; clock_offset_ms is the server's
-- clock minus this device's.
CREATE TABLE sync_remote (
    user_id         INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    url             TEXT NOT NULL CHECK (url <> ''),
    device_id       TEXT NOT NULL CHECK (length(device_id) = 36),
    device_name     TEXT NOT NULL DEFAULT '',
    server_username TEXT NOT NULL CHECK (server_username <> ''),
    token           TEXT NOT NULL CHECK (token <> ''),
    cursor          INTEGER NOT NULL DEFAULT 0 CHECK (typeof(cursor) = 'integer' AND cursor >= 0),
    clock_offset_ms INTEGER NOT NULL DEFAULT 0 CHECK (typeof(clock_offset_ms) = 'integer'),
    last_sync_at    TEXT
);

-- Local changes not yet answered by the server, oldest first; written by the triggers below in
-- the transaction of the change itself. fields is a JSON object of the changed fields (wire names,
-- instants in this device's milliseconds); base is the cursor when the change was made. sent marks
-- a change a push has read: nothing is folded into it any more.
CREATE TABLE sync_outbox (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id   INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    change_id TEXT NOT NULL UNIQUE CHECK (length(change_id) = 36),
    entity    TEXT NOT NULL CHECK (entity IN ('player', 'book', 'question', 'gather')),
    key       TEXT NOT NULL,
    op        TEXT NOT NULL CHECK (op IN ('put', 'delete')),
    fields    TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(fields)),
    base      INTEGER NOT NULL DEFAULT 0,
    made_at   INTEGER NOT NULL,
    sent      INTEGER NOT NULL DEFAULT 0 CHECK (sent IN (0, 1))
);
CREATE INDEX sync_outbox_record ON sync_outbox (entity, key);
CREATE INDEX sync_outbox_user ON sync_outbox (user_id, id);

-- What the server told this device (a lost edit, a refused change), until `sync` tells the user.
CREATE TABLE sync_notices (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    code       TEXT NOT NULL,
    message    TEXT NOT NULL,
    entity     TEXT,
    key        TEXT,
    told       INTEGER NOT NULL DEFAULT 0 CHECK (told IN (0, 1)),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX sync_notices_user ON sync_notices (user_id, told, id);

-- Set (one row) only inside the transaction that applies a pulled page: changes that came from
-- the server are not sent back. A killed process rolls the row back with the page.
CREATE TABLE sync_applying (id INTEGER PRIMARY KEY CHECK (id = 1));

-- Who records: a user with a remote, outside a pull. Now in this device's milliseconds.
CREATE VIEW sync_recording AS SELECT
    r.user_id AS user_id, r.cursor AS base,
    CAST(strftime('%s', 'now') AS INTEGER) * 1000 + CAST(substr(strftime('%f', 'now'), 4) AS INTEGER) AS now_ms
FROM sync_remote r WHERE NOT EXISTS (SELECT 1 FROM sync_applying);

-- An ISO-8601 time as stored ('YYYY-MM-DDTHH:MM:SS.sssZ') in Unix milliseconds.
CREATE VIEW sync_player_fields AS SELECT p.id AS id, p.owner_id AS owner_id, p.key AS key,
    json_object('name', p.name, 'age', p.age, 'skill', p.skill, 'position', p.position,
                'favouriteTeam', p.favourite_team) AS fields
FROM players p;

CREATE VIEW sync_book_fields AS SELECT b.id AS id, b.owner_id AS owner_id, b.isbn AS key,
    json_object('title', b.title, 'author', b.author, 'publisher', b.publisher, 'description', b.description,
                'priceCents', b.price_cents, 'published', b.published,
                'owned', json(CASE WHEN b.owned = 1 THEN 'true' ELSE 'false' END)) AS fields
FROM books b;

CREATE VIEW sync_question_fields AS SELECT q.id AS id, q.owner_id AS owner_id, q.key AS key,
    json_object('text', q.text, 'answer', q.answer,
                'askedAt', CAST(strftime('%s', q.created_at) AS INTEGER) * 1000
                           + CAST(substr(q.created_at, 21, 3) AS INTEGER),
                'books', json((SELECT json_group_array(isbn) FROM
                    (SELECT b.isbn AS isbn FROM question_books qb JOIN books b ON b.id = qb.book_id
                     WHERE qb.question_id = q.id ORDER BY qb.seat)))) AS fields
FROM questions q;

CREATE VIEW sync_gather_teams AS SELECT g.id AS id,
    json_object(
        'a', json((SELECT json_group_array(json(seat)) FROM (SELECT json_object(
                'player', (SELECT key FROM players WHERE id = gp.player_id), 'name', gp.name, 'age', gp.age,
                'skill', gp.skill, 'position', gp.position, 'favouriteTeam', gp.favourite_team) AS seat
            FROM gather_players gp WHERE gp.gather_id = g.id AND gp.team = 'a' ORDER BY gp.seat))),
        'b', json((SELECT json_group_array(json(seat)) FROM (SELECT json_object(
                'player', (SELECT key FROM players WHERE id = gp.player_id), 'name', gp.name, 'age', gp.age,
                'skill', gp.skill, 'position', gp.position, 'favouriteTeam', gp.favourite_team) AS seat
            FROM gather_players gp WHERE gp.gather_id = g.id AND gp.team = 'b' ORDER BY gp.seat)))
    ) AS teams
FROM gathers g;

CREATE VIEW sync_gather_fields AS SELECT g.id AS id, g.owner_id AS owner_id, g.key AS key,
    json_object(
        'startedAt', CAST(strftime('%s', g.started_at) AS INTEGER) * 1000 + CAST(substr(g.started_at, 21, 3) AS INTEGER),
        'endedAt', CASE WHEN g.ended_at IS NULL THEN NULL
                   ELSE CAST(strftime('%s', g.ended_at) AS INTEGER) * 1000 + CAST(substr(g.ended_at, 21, 3) AS INTEGER) END,
        'winner', g.winner, 'scoreA', g.score_a, 'scoreB', g.score_b, 'timerDurationMs', g.timer_duration_ms,
        'timerState', g.timer_state, 'timerRemainingMs', g.timer_remaining_ms, 'timerStartedMs', g.timer_started_ms,
        'timerPlayedMs', g.timer_played_ms,
        'teams', json((SELECT teams FROM sync_gather_teams t WHERE t.id = g.id))) AS fields
FROM gathers g;

-- Players: a create carries every field, an edit the fields it changed, a delete the key.
CREATE TRIGGER sync_players_insert AFTER INSERT ON players BEGIN
    UPDATE players SET key = (SELECT uuid FROM sync_new_uuid) WHERE id = new.id AND key IS NULL;
    INSERT INTO sync_outbox (user_id, change_id, entity, key, op, fields, base, made_at)
    SELECT r.user_id, (SELECT uuid FROM sync_new_uuid), 'player', f.key, 'put', f.fields, r.base, r.now_ms
    FROM sync_recording r JOIN sync_player_fields f ON f.id = new.id WHERE r.user_id = new.owner_id;
END;
CREATE TRIGGER sync_players_update AFTER UPDATE OF name, age, skill, position, favourite_team ON players
WHEN (old.name IS NOT new.name OR old.age IS NOT new.age OR old.skill IS NOT new.skill
      OR old.position IS NOT new.position OR old.favourite_team IS NOT new.favourite_team)
    AND EXISTS (SELECT 1 FROM sync_recording WHERE user_id = new.owner_id) BEGIN
    INSERT INTO sync_outbox (user_id, change_id, entity, key, op, fields, base, made_at)
    SELECT r.user_id, (SELECT uuid FROM sync_new_uuid), 'player', new.key, 'put',
        json_remove(json_set('{}',
            CASE WHEN old.name IS NOT new.name THEN '$.name' ELSE '$.-' END, new.name,
            CASE WHEN old.age IS NOT new.age THEN '$.age' ELSE '$.-' END, new.age,
            CASE WHEN old.skill IS NOT new.skill THEN '$.skill' ELSE '$.-' END, new.skill,
            CASE WHEN old.position IS NOT new.position THEN '$.position' ELSE '$.-' END, new.position,
            CASE WHEN old.favourite_team IS NOT new.favourite_team THEN '$.favouriteTeam' ELSE '$.-' END,
                new.favourite_team), '$.-'),
        r.base, r.now_ms
    FROM sync_recording r WHERE r.user_id = new.owner_id;
END;
CREATE TRIGGER sync_players_delete AFTER DELETE ON players
WHEN old.key IS NOT NULL AND EXISTS (SELECT 1 FROM sync_recording WHERE user_id = old.owner_id) BEGIN
    INSERT INTO sync_outbox (user_id, change_id, entity, key, op, fields, base, made_at)
    SELECT r.user_id, (SELECT uuid FROM sync_new_uuid), 'player', old.key, 'delete', '{}', r.base, r.now_ms
    FROM sync_recording r WHERE r.user_id = old.owner_id;
END;

-- Books: never deleted (removing one is owned = 0).
CREATE TRIGGER sync_books_insert AFTER INSERT ON books
WHEN EXISTS (SELECT 1 FROM sync_recording WHERE user_id = new.owner_id) BEGIN
    INSERT INTO sync_outbox (user_id, change_id, entity, key, op, fields, base, made_at)
    SELECT r.user_id, (SELECT uuid FROM sync_new_uuid), 'book', f.key, 'put', f.fields, r.base, r.now_ms
    FROM sync_recording r JOIN sync_book_fields f ON f.id = new.id WHERE r.user_id = new.owner_id;
END;
CREATE TRIGGER sync_books_update AFTER UPDATE OF title, author, publisher, description, price_cents, published, owned
ON books
WHEN (old.title IS NOT new.title OR old.author IS NOT new.author OR old.publisher IS NOT new.publisher
      OR old.description IS NOT new.description OR old.price_cents IS NOT new.price_cents
      OR old.published IS NOT new.published OR old.owned IS NOT new.owned)
    AND EXISTS (SELECT 1 FROM sync_recording WHERE user_id = new.owner_id) BEGIN
    INSERT INTO sync_outbox (user_id, change_id, entity, key, op, fields, base, made_at)
    SELECT r.user_id, (SELECT uuid FROM sync_new_uuid), 'book', new.isbn, 'put',
        json_remove(json_set('{}',
            CASE WHEN old.title IS NOT new.title THEN '$.title' ELSE '$.-' END, new.title,
            CASE WHEN old.author IS NOT new.author THEN '$.author' ELSE '$.-' END, new.author,
            CASE WHEN old.publisher IS NOT new.publisher THEN '$.publisher' ELSE '$.-' END, new.publisher,
            CASE WHEN old.description IS NOT new.description THEN '$.description' ELSE '$.-' END, new.description,
            CASE WHEN old.price_cents IS NOT new.price_cents THEN '$.priceCents' ELSE '$.-' END, new.price_cents,
            CASE WHEN old.published IS NOT new.published THEN '$.published' ELSE '$.-' END, new.published,
            CASE WHEN old.owned IS NOT new.owned THEN '$.owned' ELSE '$.-' END,
                json(CASE WHEN new.owned = 1 THEN 'true' ELSE 'false' END)), '$.-'),
        r.base, r.now_ms
    FROM sync_recording r WHERE r.user_id = new.owner_id;
END;

-- Questions: created (their books follow in the same transaction and are folded into the create),
-- maybe deleted, never edited.
CREATE TRIGGER sync_questions_insert AFTER INSERT ON questions BEGIN
    UPDATE questions SET key = (SELECT uuid FROM sync_new_uuid) WHERE id = new.id AND key IS NULL;
    INSERT INTO sync_outbox (user_id, change_id, entity, key, op, fields, base, made_at)
    SELECT r.user_id, (SELECT uuid FROM sync_new_uuid), 'question', f.key, 'put', f.fields, r.base, r.now_ms
    FROM sync_recording r JOIN sync_question_fields f ON f.id = new.id WHERE r.user_id = new.owner_id;
END;
CREATE TRIGGER sync_question_books_insert AFTER INSERT ON question_books
WHEN EXISTS (SELECT 1 FROM sync_recording r JOIN questions q ON q.owner_id = r.user_id WHERE q.id = new.question_id)
BEGIN
    UPDATE sync_outbox SET fields = json_set(fields, '$.books',
        json((SELECT json_extract(f.fields, '$.books') FROM sync_question_fields f WHERE f.id = new.question_id)))
    WHERE id = (SELECT max(o.id) FROM sync_outbox o JOIN questions q ON o.key = q.key
                WHERE o.entity = 'question' AND q.id = new.question_id AND o.op = 'put' AND o.sent = 0);
END;
CREATE TRIGGER sync_questions_delete AFTER DELETE ON questions
WHEN old.key IS NOT NULL AND EXISTS (SELECT 1 FROM sync_recording WHERE user_id = old.owner_id) BEGIN
    INSERT INTO sync_outbox (user_id, change_id, entity, key, op, fields, base, made_at)
    SELECT r.user_id, (SELECT uuid FROM sync_new_uuid), 'question', old.key, 'delete', '{}', r.base, r.now_ms
    FROM sync_recording r WHERE r.user_id = old.owner_id;
END;

-- Gathers: the row's fields as for players; the teams (gather_players) are folded into the
-- newest change of that gather not yet read by a push, else sent as a change of their own.
CREATE TRIGGER sync_gathers_insert AFTER INSERT ON gathers BEGIN
    UPDATE gathers SET key = (SELECT uuid FROM sync_new_uuid) WHERE id = new.id AND key IS NULL;
    INSERT INTO sync_outbox (user_id, change_id, entity, key, op, fields, base, made_at)
    SELECT r.user_id, (SELECT uuid FROM sync_new_uuid), 'gather', f.key, 'put', f.fields, r.base, r.now_ms
    FROM sync_recording r JOIN sync_gather_fields f ON f.id = new.id WHERE r.user_id = new.owner_id;
END;
CREATE TRIGGER sync_gathers_update AFTER UPDATE OF started_at, ended_at, winner, score_a, score_b,
    timer_duration_ms, timer_state, timer_remaining_ms, timer_started_ms, timer_played_ms ON gathers
WHEN (old.started_at IS NOT new.started_at OR old.ended_at IS NOT new.ended_at OR old.winner IS NOT new.winner
      OR old.score_a IS NOT new.score_a OR old.score_b IS NOT new.score_b
      OR old.timer_duration_ms IS NOT new.timer_duration_ms OR old.timer_state IS NOT new.timer_state
      OR old.timer_remaining_ms IS NOT new.timer_remaining_ms OR old.timer_started_ms IS NOT new.timer_started_ms
      OR old.timer_played_ms IS NOT new.timer_played_ms)
    AND EXISTS (SELECT 1 FROM sync_recording WHERE user_id = new.owner_id) BEGIN
    INSERT INTO sync_outbox (user_id, change_id, entity, key, op, fields, base, made_at)
    SELECT r.user_id, (SELECT uuid FROM sync_new_uuid), 'gather', new.key, 'put',
        json_remove(json_set('{}',
            CASE WHEN old.started_at IS NOT new.started_at THEN '$.startedAt' ELSE '$.-' END,
                json_extract(f.fields, '$.startedAt'),
            CASE WHEN old.ended_at IS NOT new.ended_at THEN '$.endedAt' ELSE '$.-' END,
                json_extract(f.fields, '$.endedAt'),
            CASE WHEN old.winner IS NOT new.winner THEN '$.winner' ELSE '$.-' END, new.winner,
            CASE WHEN old.score_a IS NOT new.score_a THEN '$.scoreA' ELSE '$.-' END, new.score_a,
            CASE WHEN old.score_b IS NOT new.score_b THEN '$.scoreB' ELSE '$.-' END, new.score_b,
            CASE WHEN old.timer_duration_ms IS NOT new.timer_duration_ms THEN '$.timerDurationMs' ELSE '$.-' END,
                new.timer_duration_ms,
            CASE WHEN old.timer_state IS NOT new.timer_state THEN '$.timerState' ELSE '$.-' END, new.timer_state,
            CASE WHEN old.timer_remaining_ms IS NOT new.timer_remaining_ms THEN '$.timerRemainingMs' ELSE '$.-' END,
                new.timer_remaining_ms,
            CASE WHEN old.timer_started_ms IS NOT new.timer_started_ms THEN '$.timerStartedMs' ELSE '$.-' END,
                new.timer_started_ms,
            CASE WHEN old.timer_played_ms IS NOT new.timer_played_ms THEN '$.timerPlayedMs' ELSE '$.-' END,
                new.timer_played_ms), '$.-'),
        r.base, r.now_ms
    FROM sync_recording r JOIN sync_gather_fields f ON f.id = new.id WHERE r.user_id = new.owner_id;
END;
CREATE TRIGGER sync_gathers_delete AFTER DELETE ON gathers
WHEN old.key IS NOT NULL AND EXISTS (SELECT 1 FROM sync_recording WHERE user_id = old.owner_id) BEGIN
    INSERT INTO sync_outbox (user_id, change_id, entity, key, op, fields, base, made_at)
    SELECT r.user_id, (SELECT uuid FROM sync_new_uuid), 'gather', old.key, 'delete', '{}', r.base, r.now_ms
    FROM sync_recording r WHERE r.user_id = old.owner_id;
END;
CREATE TRIGGER sync_gather_players_insert AFTER INSERT ON gather_players
WHEN EXISTS (SELECT 1 FROM sync_recording r JOIN gathers g ON g.owner_id = r.user_id WHERE g.id = new.gather_id)
BEGIN
    UPDATE sync_outbox SET fields = json_set(fields, '$.teams',
        json((SELECT teams FROM sync_gather_teams WHERE id = new.gather_id)))
    WHERE id = (SELECT max(o.id) FROM sync_outbox o JOIN gathers g ON o.key = g.key
                WHERE o.entity = 'gather' AND g.id = new.gather_id) AND sent = 0 AND op = 'put';
    INSERT INTO sync_outbox (user_id, change_id, entity, key, op, fields, base, made_at)
    SELECT r.user_id, (SELECT uuid FROM sync_new_uuid), 'gather', g.key, 'put',
        json_object('teams', json((SELECT teams FROM sync_gather_teams WHERE id = g.id))), r.base, r.now_ms
    FROM sync_recording r JOIN gathers g ON g.owner_id = r.user_id
    WHERE g.id = new.gather_id AND NOT EXISTS (
        SELECT 1 FROM sync_outbox o WHERE o.id = (SELECT max(o2.id) FROM sync_outbox o2
            WHERE o2.entity = 'gather' AND o2.key = g.key) AND o.sent = 0 AND o.op = 'put');
END;
CREATE TRIGGER sync_gather_players_update AFTER UPDATE ON gather_players
WHEN (old.name IS NOT new.name OR old.age IS NOT new.age
      OR old.skill IS NOT new.skill OR old.position IS NOT new.position OR old.favourite_team IS NOT new.favourite_team)
    AND EXISTS (SELECT 1 FROM sync_recording r JOIN gathers g ON g.owner_id = r.user_id WHERE g.id = new.gather_id)
BEGIN
    UPDATE sync_outbox SET fields = json_set(fields, '$.teams',
        json((SELECT teams FROM sync_gather_teams WHERE id = new.gather_id)))
    WHERE id = (SELECT max(o.id) FROM sync_outbox o JOIN gathers g ON o.key = g.key
                WHERE o.entity = 'gather' AND g.id = new.gather_id) AND sent = 0 AND op = 'put';
    INSERT INTO sync_outbox (user_id, change_id, entity, key, op, fields, base, made_at)
    SELECT r.user_id, (SELECT uuid FROM sync_new_uuid), 'gather', g.key, 'put',
        json_object('teams', json((SELECT teams FROM sync_gather_teams WHERE id = g.id))), r.base, r.now_ms
    FROM sync_recording r JOIN gathers g ON g.owner_id = r.user_id
    WHERE g.id = new.gather_id AND NOT EXISTS (
        SELECT 1 FROM sync_outbox o WHERE o.id = (SELECT max(o2.id) FROM sync_outbox o2
            WHERE o2.entity = 'gather' AND o2.key = g.key) AND o.sent = 0 AND o.op = 'put');
END;
