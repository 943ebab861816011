#!/usr/bin/env python3
"""Paced load: CLIENTS clients (one keep-alive connection and one account each), each sending one
request every CLIENTS / RATE seconds (think time between them) for DURATION seconds, so the server
is offered RATE requests per second in total whatever its answers' speed (an open model, unlike
wrk's connections, which send the next request as soon as the last is answered).

Latency is measured from when a request was DUE, not from when it was sent: a client whose answer
comes late sends its next request late, and that wait counts (no coordinated omission). The
latency from sending is printed too. The first WARMUP seconds are left out of the figures.

The clients' roles and requests are load.lua's: the first 80 % read one of their players (GET),
the others write (PATCH one field of one of theirs, or one time in four POST a new player).

Usage: paced.py BASE_URL CLIENTS_JSON RATE DURATION [WARMUP]
CLIENTS_JSON comes from prepare.py: [{"token": ..., "players": [...]}, ...]."""
import asyncio, json, random, sys, time, urllib.parse

base, clients_file = sys.argv[1], sys.argv[2]
rate, duration = float(sys.argv[3]), float(sys.argv[4])
warmup = float(sys.argv[5]) if len(sys.argv) > 5 else 2.0
address = urllib.parse.urlparse(base)
clients = json.load(open(clients_file))
readers = len(clients) * 4 // 5
period = len(clients) / rate

results = {"read": [], "write": []}  # (latency from due, latency from sending, status), after warm-up
failures = {"read": 0, "write": 0}   # connections lost or answers that could not be read


def request_bytes(kind, client, sequence):
    player = random.choice(client["players"])
    headers = f"Host: {address.netloc}\r\nAuthorization: Bearer {client['token']}\r\n"
    if kind == "read":
        return f"GET /v1/players/{player} HTTP/1.1\r\n{headers}\r\n".encode()
    if random.randrange(4) == 0:
        method, path, body = "POST", "/v1/players", f'{{"name":"Paced {sequence}","age":30}}'
    else:
        method, path, body = "PATCH", f"/v1/players/{player}", f'{{"age":{random.randint(5, 99)}}}'
    return (f"{method} {path} HTTP/1.1\r\n{headers}Content-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n{body}").encode()


async def read_status(reader):
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ")[1])
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(":")
        if name.strip().lower() == "content-length":
            length = int(value)
    if length:
        await reader.readexactly(length)
    return status


async def client(index, start, end):
    kind = "read" if index < readers else "write"
    account = clients[index]
    reader, writer = await asyncio.open_connection(address.hostname, address.port)
    due = start + random.uniform(0, period)
    sequence = 0
    try:
        while due < end:
            wait = due - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            sent = time.monotonic()
            writer.write(request_bytes(kind, account, sequence))
            sequence += 1
            try:
                status = await read_status(reader)
            except (asyncio.IncompleteReadError, ConnectionError):
                failures[kind] += 1
                writer.close()
                reader, writer = await asyncio.open_connection(address.hostname, address.port)
                status = None
            answered = time.monotonic()
            if due >= start + warmup and status is not None:
                results[kind].append((answered - due, answered - sent, status))
            due += period
    finally:
        writer.close()


def percentile(sorted_values, fraction):
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, int(fraction * len(sorted_values)))]


async def main():
    start = time.monotonic() + 1.0  # every connection open before the first request is due
    end = start + duration
    await asyncio.gather(*(client(index, start, end) for index in range(len(clients))))
    measured = duration - warmup
    for kind in ("read", "write"):
        rows = results[kind]
        due = sorted(row[0] for row in rows)
        sent = sorted(row[1] for row in rows)
        bad = sum(1 for row in rows if row[2] not in (200, 201))
        share = readers if kind == "read" else len(clients) - readers
        print(f"RESULT model=paced mode={kind} clients={share} offered_rps={rate * share / len(clients):.0f} "
              f"requests={len(rows)} rps={len(rows) / measured:.0f} non2xx={bad} socket_errors={failures[kind]} "
              f"p50_ms={percentile(due, 0.50) * 1000:.2f} p99_ms={percentile(due, 0.99) * 1000:.2f} "
              f"p999_ms={percentile(due, 0.999) * 1000:.2f} max_ms={(due[-1] if due else float('nan')) * 1000:.2f} "
              f"sent_p50_ms={percentile(sent, 0.50) * 1000:.2f} sent_p99_ms={percentile(sent, 0.99) * 1000:.2f}")


asyncio.run(main())
