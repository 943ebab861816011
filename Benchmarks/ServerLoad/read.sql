-- PostgreSQL alone doing what clubhouse-server sends for GET /v1/players/:id (scripts/server-load
-- runs it with pgbench beside the server's figures): the token check and the read, one statement
-- (PlayerStatements.Find). The client's token hash and one of its players come from load_clients
-- (prepare.py), a primary-key lookup in a 200-row table inside the same statement: the server
-- has them from the request.
\set n random(0, 159)
\set i random(1, 10)
SELECT t.user_id, p.id, p.owner_id, p.name, p.age, p.skill, p.position, p.favourite_team, p.key::text
FROM tokens t LEFT JOIN players p
    ON p.owner_id = t.user_id AND p.id = (SELECT players[:i] FROM load_clients WHERE n = :n)
WHERE t.hash = (SELECT hash FROM load_clients WHERE n = :n) AND t.expires_at > now();
