#!/usr/bin/env python3
"""Prepares a database for the load test: CLIENTS accounts, each with PLAYERS players and a bearer
token, written straight into PostgreSQL (registering 200 accounts through the API would cost 200
scrypt hashes at the CLI's cost). Every account gets the password hash of one account registered
through the API, and a fresh random token of which only the SHA-256 is stored, as the server does.

Usage: prepare.py BASE_URL DATABASE_URL CLIENTS PLAYERS OUT.lua OUT.json
Writes OUT.lua: `clients = { {token=..., players={...}}, ... }` for the wrk scripts, and the same
as OUT.json (`[{"token": ..., "players": [...]}, ...]`) for paced.py; and the table load_clients
(n, hash, players), the same clients for pgbench's read.sql and write.sql."""
import base64, hashlib, http.client, json, os, secrets, subprocess, sys, urllib.parse

base, database_url, clients, players = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
out, out_json = sys.argv[5], sys.argv[6]
host = urllib.parse.urlparse(base)

def call(method, path, body=None, token=None):
    connection = http.client.HTTPConnection(host.hostname, host.port, timeout=120)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    connection.request(method, path, json.dumps(body) if body is not None else None, headers)
    response = connection.getresponse()
    data = response.read()
    return response.status, json.loads(data) if data else None

status, _ = call("POST", "/v1/accounts", {"username": "load-seed", "password": "load test password"})
if status not in (201, 409):
    sys.exit(f"error: registering the seed account answered {status}")

def psql(sql):
    subprocess.run(["psql", database_url, "-q", "-v", "ON_ERROR_STOP=1", "-c", sql], check=True)

tokens = [base64.urlsafe_b64encode(secrets.token_bytes(32)).decode().rstrip("=") for _ in range(clients)]
rows = []
for index, token in enumerate(tokens):
    digest = hashlib.sha256(token.encode()).hexdigest()
    rows.append(f"('load{index}', '{digest}')")
psql(f"""
INSERT INTO users (username, username_key, password_hash)
SELECT 'load' || n, 'load' || n, (SELECT password_hash FROM users WHERE username_key = 'load-seed')
FROM generate_series(0, {clients - 1}) n ON CONFLICT (username_key) DO NOTHING;
INSERT INTO tokens (hash, user_id, expires_at)
SELECT decode(t.digest, 'hex'), u.id, now() + interval '1 day'
FROM (VALUES {", ".join(rows)}) AS t(username, digest) JOIN users u ON u.username_key = t.username;
INSERT INTO players (owner_id, name, age)
SELECT u.id, 'Player ' || p, 20 + p FROM users u, generate_series(1, {players}) p
WHERE u.username_key LIKE 'load%' AND u.username_key <> 'load-seed';
""")
ids = subprocess.run(
    ["psql", database_url, "-At", "-c",
     "SELECT u.username_key, string_agg(p.id::text, ',' ORDER BY p.id) FROM users u JOIN players p ON p.owner_id = u.id "
     "WHERE u.username_key LIKE 'load%' GROUP BY u.username_key"],
    check=True, capture_output=True, text=True).stdout.split("\n")
by_user = dict(line.split("|") for line in ids if line)
# The same clients for pgbench (read.sql, write.sql): client n's token hash and players, by n.
values = ", ".join(
    f"({index}, '\\x{hashlib.sha256(token.encode()).hexdigest()}'::bytea, '{{{by_user[f'load{index}']}}}'::bigint[])"
    for index, token in enumerate(tokens))
psql(f"""
DROP TABLE IF EXISTS load_clients;
CREATE TABLE load_clients (n INT PRIMARY KEY, hash BYTEA NOT NULL, players BIGINT[] NOT NULL);
INSERT INTO load_clients VALUES {values};
""")
with open(out, "w") as file:
    file.write("clients = {\n")
    for index, token in enumerate(tokens):
        file.write(f'  {{token = "{token}", players = {{{by_user[f"load{index}"]}}}}},\n')
    file.write("}\n")
with open(out_json, "w") as file:
    json.dump([{"token": token, "players": [int(id) for id in by_user[f"load{index}"].split(",")]}
               for index, token in enumerate(tokens)], file)
print(f"prepared {clients} accounts with {players} players each")
