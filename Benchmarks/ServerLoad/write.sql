-- PostgreSQL alone doing what clubhouse-server sends for a write (scripts/server-load runs it with
-- pgbench beside the server's figures), the writers' mix of paced.py: one time in four POST
-- /v1/players, otherwise PATCH /v1/players/:id of one field. The same round trips as the server:
--   PATCH  BEGIN; the token with the account's sync lock (TokenLockStatement); the row locked,
--          with its tombstone (PlayerStatements.FindForWrite); the update with its log entry
--          (one statement, SyncApplier.finish); COMMIT
--   POST   BEGIN; the token with the lock; the insert with its log entry; the stored player (its
--          id); COMMIT
-- The client's token hash and players come from load_clients (prepare.py), looked up inside the
-- token statement.
\set n random(160, 199)
\set i random(1, 10)
\set age random(5, 99)
\set create random(0, 3)
\set k random(1, 9223372036854775807)
BEGIN;
SELECT t.user_id AS owner, c.players[:i] AS pid,
       pg_advisory_xact_lock(1398361667, t.user_id::bit(32)::int4)::text AS locked
FROM load_clients c JOIN tokens t ON t.hash = c.hash
WHERE c.n = :n AND t.expires_at > now()
\gset
\if :create = 0
WITH w0 AS (
    INSERT INTO players (owner_id, key, name, age, skill, position, favourite_team)
    SELECT :owner::bigint, (r->>'key')::uuid, r->>'name', (r->>'age')::integer, r->>'skill', r->>'position', r->>'favouriteTeam'
    FROM jsonb_array_elements(jsonb_build_array(jsonb_build_object(
        'key', md5(:k::text)::uuid, 'name', 'Paced ' || :k::text, 'age', :age::int, 'skill', NULL, 'position', NULL,
        'favouriteTeam', NULL))) WITH ORDINALITY AS e(r, ord) ORDER BY e.ord
)
INSERT INTO sync_log
    (owner_id, entity, key, op, kind, fields, device_id, change_id, target_device, notice_code, notice_message)
SELECT :owner::bigint, u.entity, u.key, u.op, NULLIF(u.kind, ''), u.fields::jsonb,
       CASE WHEN u.op = 'notice' THEN NULL ELSE NULL::uuid END,
       NULLIF(u.change, '')::uuid, NULLIF(u.target, '')::uuid, NULLIF(u.code, ''), NULLIF(u.message, '')
FROM unnest(ARRAY['player'], ARRAY[md5(:k::text)::uuid::text], ARRAY['put'], ARRAY['create'],
            ARRAY[jsonb_build_object('name', 'Paced ' || :k::text, 'age', :age::int, 'skill', NULL, 'position', NULL,
                                     'favouriteTeam', NULL)::text],
            ARRAY[gen_random_uuid()::text], ARRAY[''], ARRAY[''], ARRAY[''])
     WITH ORDINALITY AS u(entity, key, op, kind, fields, change, target, code, message, ord)
ORDER BY u.ord;
SELECT id, owner_id, name, age, skill, position, favourite_team, key::text FROM players
WHERE key = md5(:k::text)::uuid AND owner_id = :owner::bigint;
\else
SELECT t.id, t.key::text AS pkey, jsonb_build_object('name', t.name, 'age', t.age, 'skill', t.skill,
       'position', t.position, 'favouriteTeam', t.favourite_team)::text AS fields, b.reason, b.label
FROM players t
LEFT JOIN sync_tombstones b ON b.owner_id = t.owner_id AND b.entity = 'player' AND b.key = t.key::text
WHERE t.id = :pid::bigint AND t.owner_id = :owner::bigint
FOR UPDATE OF t
\gset
WITH w0 AS (
    UPDATE players t SET name = r->>'name', age = (r->>'age')::integer, skill = r->>'skill',
        position = r->>'position', favourite_team = r->>'favouriteTeam'
    FROM jsonb_array_elements(jsonb_build_array(:fields::jsonb || jsonb_build_object('key', :pkey::text, 'age', :age::int))) AS e(r)
    WHERE t.owner_id = :owner::bigint AND t.key = (r->>'key')::uuid
)
INSERT INTO sync_log
    (owner_id, entity, key, op, kind, fields, device_id, change_id, target_device, notice_code, notice_message)
SELECT :owner::bigint, u.entity, u.key, u.op, NULLIF(u.kind, ''), u.fields::jsonb,
       CASE WHEN u.op = 'notice' THEN NULL ELSE NULL::uuid END,
       NULLIF(u.change, '')::uuid, NULLIF(u.target, '')::uuid, NULLIF(u.code, ''), NULLIF(u.message, '')
FROM unnest(ARRAY['player'], ARRAY[:pkey::text], ARRAY['put'], ARRAY['update'],
            ARRAY[jsonb_build_object('age', :age::int)::text], ARRAY[gen_random_uuid()::text], ARRAY[''], ARRAY[''],
            ARRAY[''])
     WITH ORDINALITY AS u(entity, key, op, kind, fields, change, target, code, message, ord)
ORDER BY u.ord;
\endif
COMMIT;
