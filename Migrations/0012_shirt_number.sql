-- A player's shirt number (issue 41): 1–99 or none, at most one player of an account per number
-- (the partial unique index; the app refuses a clash first, naming who wears it). Gathers keep a
-- copy with each seat, as they keep the other fields. The sync views and triggers of 0008 that
-- name a player's fields are made again with it (`shirtNumber` on the wire); the others stand.
ALTER TABLE players ADD COLUMN shirt_number INTEGER CHECK (shirt_number IS NULL OR shirt_number BETWEEN 1 AND 99);
CREATE UNIQUE INDEX players_shirt_number ON players (owner_id, shirt_number) WHERE shirt_number IS NOT NULL;
ALTER TABLE gather_players ADD COLUMN shirt_number INTEGER;

DROP VIEW sync_player_fields;
CREATE VIEW sync_player_fields AS SELECT p.id AS id, p.owner_id AS owner_id, p.key AS key,
    json_object('name', p.name, 'age', p.age, 'skill', p.skill, 'position', p.position,
                'favouriteTeam', p.favourite_team, 'shirtNumber', p.shirt_number) AS fields
FROM players p;

DROP VIEW sync_gather_teams;
CREATE VIEW sync_gather_teams AS SELECT g.id AS id,
    json_object(
        'a', json((SELECT json_group_array(json(seat)) FROM (SELECT json_object(
                'player', (SELECT key FROM players WHERE id = gp.player_id), 'name', gp.name, 'age', gp.age,
                'skill', gp.skill, 'position', gp.position, 'favouriteTeam', gp.favourite_team,
                'shirtNumber', gp.shirt_number) AS seat
            FROM gather_players gp WHERE gp.gather_id = g.id AND gp.team = 'a' ORDER BY gp.seat))),
        'b', json((SELECT json_group_array(json(seat)) FROM (SELECT json_object(
                'player', (SELECT key FROM players WHERE id = gp.player_id), 'name', gp.name, 'age', gp.age,
                'skill', gp.skill, 'position', gp.position, 'favouriteTeam', gp.favourite_team,
                'shirtNumber', gp.shirt_number) AS seat
            FROM gather_players gp WHERE gp.gather_id = g.id AND gp.team = 'b' ORDER BY gp.seat)))
    ) AS teams
FROM gathers g;

DROP TRIGGER sync_players_update;
CREATE TRIGGER sync_players_update AFTER UPDATE OF name, age, skill, position, favourite_team, shirt_number ON players
WHEN (old.name IS NOT new.name OR old.age IS NOT new.age OR old.skill IS NOT new.skill
      OR old.position IS NOT new.position OR old.favourite_team IS NOT new.favourite_team
      OR old.shirt_number IS NOT new.shirt_number)
    AND EXISTS (SELECT 1 FROM sync_recording WHERE user_id = new.owner_id) BEGIN
    INSERT INTO sync_outbox (user_id, change_id, entity, key, op, fields, base, made_at)
    SELECT r.user_id, (SELECT uuid FROM sync_new_uuid), 'player', new.key, 'put',
        json_remove(json_set('{}',
            CASE WHEN old.name IS NOT new.name THEN '$.name' ELSE '$.-' END, new.name,
            CASE WHEN old.age IS NOT new.age THEN '$.age' ELSE '$.-' END, new.age,
            CASE WHEN old.skill IS NOT new.skill THEN '$.skill' ELSE '$.-' END, new.skill,
            CASE WHEN old.position IS NOT new.position THEN '$.position' ELSE '$.-' END, new.position,
            CASE WHEN old.favourite_team IS NOT new.favourite_team THEN '$.favouriteTeam' ELSE '$.-' END,
                new.favourite_team,
            CASE WHEN old.shirt_number IS NOT new.shirt_number THEN '$.shirtNumber' ELSE '$.-' END,
                new.shirt_number), '$.-'),
        r.base, r.now_ms
    FROM sync_recording r WHERE r.user_id = new.owner_id;
END;

DROP TRIGGER sync_gather_players_update;
CREATE TRIGGER sync_gather_players_update AFTER UPDATE ON gather_players
WHEN (old.name IS NOT new.name OR old.age IS NOT new.age
      OR old.skill IS NOT new.skill OR old.position IS NOT new.position OR old.favourite_team IS NOT new.favourite_team
      OR old.shirt_number IS NOT new.shirt_number)
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
