#!/usr/bin/env python3
"""SIGKILLs clubhouse-server ROUNDS times while writers add players, then checks that every write
the server answered 201 is in PostgreSQL (a 2xx is only sent after COMMIT).

Usage: kill_during_writes.py SERVER_BINARY DATABASE_URL [ROUNDS] [WRITERS]"""
import http.client, json, os, random, re, signal, subprocess, sys, threading, time

binary, database_url = sys.argv[1], sys.argv[2]
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 50
writers = int(sys.argv[4]) if len(sys.argv) > 4 else 8

def start():
    server = subprocess.Popen([binary, "--database-url", database_url, "--port", "0", "--log-level", "error"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = server.stdout.readline()
    match = re.search(r":(\d+)$", line.strip())
    if not match:
        sys.exit(f"error: the server did not start: {line!r}")
    return server, int(match.group(1))

def call(port, method, path, body=None, token=None, timeout=10):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    connection.request(method, path, json.dumps(body) if body is not None else None, headers)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, (json.loads(data) if data else None)

server, port = start()
credentials = {"username": "killer", "password": "kill test password"}
call(port, "POST", "/v1/accounts", credentials, timeout=120)
status, session = call(port, "POST", "/v1/sessions", credentials, timeout=120)
token = session["token"]
server.kill()
server.wait()

acknowledged = []          # (id, name) answered 201
lock = threading.Lock()
attempted = 0
failed = 0

for round_number in range(rounds):
    server, port = start()
    stop = threading.Event()

    def writer(index):
        global attempted, failed
        sequence = 0
        while not stop.is_set():
            name = f"r{round_number}-w{index}-{sequence}"
            sequence += 1
            try:
                status, body = call(port, "POST", "/v1/players", {"name": name}, token)
                with lock:
                    attempted += 1
                    if status == 201:
                        acknowledged.append((body["id"], body["name"]))
            except Exception:
                with lock:
                    attempted += 1
                    failed += 1
                return

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(writers)]
    for thread in threads:
        thread.start()
    time.sleep(random.uniform(0.2, 0.8))
    server.send_signal(signal.SIGKILL)
    server.wait()
    stop.set()
    for thread in threads:
        thread.join()

stored = subprocess.run(["psql", database_url, "-At", "-F", "\t", "-c",
                         "SELECT id, name FROM players WHERE owner_id = (SELECT id FROM users WHERE username_key = 'killer')"],
                        check=True, capture_output=True, text=True).stdout
rows = {int(line.split("\t")[0]): line.split("\t")[1] for line in stored.splitlines() if line}
missing = [(id, name) for id, name in acknowledged if rows.get(id) != name]
print(f"RESULT rounds={rounds} writers={writers} requests={attempted} acknowledged={len(acknowledged)} "
      f"failed_by_kill={failed} stored={len(rows)} acknowledged_but_missing={len(missing)} "
      f"stored_but_unacknowledged={len(rows) - (len(acknowledged) - len(missing))}")
sys.exit(1 if missing else 0)
