#!/usr/bin/env python3
"""Latency per script of a pgbench run's per-transaction logs (pgbench -l), as paced.py reports the
server's: p50/p99/p99.9/max, the first WARMUP seconds left out. Under --rate, pgbench measures a
transaction from when it was scheduled, not from when it started, so a late start counts, as
paced.py's latency from when a request was due does. Then the ratio lines: the server's p99 (from
paced.py's RESULT lines) over PostgreSQL's alone, for reads and writes.

Usage: pgbench_latency.py LOG_PREFIX RATE DURATION CONNECTIONS PACED_RESULTS [WARMUP]
Script 0 is read.sql (weight 8), script 1 write.sql (weight 2)."""
import glob, re, sys

prefix, rate, duration, connections, paced = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4], sys.argv[5]
warmup = float(sys.argv[6]) if len(sys.argv) > 6 else 2.0
rows = []
for path in glob.glob(prefix + ".*"):
    with open(path) as file:
        for line in file:
            parts = line.split()
            # client transaction time script epoch microseconds [lag]; time is "failed" or
            # "skipped" for a transaction that failed or was skipped.
            if len(parts) < 6:
                continue
            rows.append((int(parts[4]) + int(parts[5]) / 1e6, int(parts[3]), parts[2]))
if not rows:
    sys.exit("error: no pgbench log under " + prefix)
start = min(row[0] for row in rows)
# A transaction's end time is logged; those that ended in the warm-up are left out.
measured = [row for row in rows if row[0] >= start + warmup]


def percentile(values, fraction):
    return values[min(len(values) - 1, int(fraction * len(values)))] if values else float("nan")


p99 = {}
for script, mode, share in ((0, "read", 0.8), (1, "write", 0.2)):
    mine = [row for row in measured if row[1] == script]
    failed = sum(1 for row in mine if not row[2].isdigit())
    latencies = sorted(int(row[2]) / 1000 for row in mine if row[2].isdigit())
    p99[mode] = percentile(latencies, 0.99)
    print(f"RESULT model=pgbench mode={mode} connections={connections} offered_rps={rate * share:.0f} "
          f"requests={len(mine)} rps={len(mine) / (duration - warmup):.0f} failed={failed} "
          f"p50_ms={percentile(latencies, 0.50):.2f} p99_ms={p99[mode]:.2f} "
          f"p999_ms={percentile(latencies, 0.999):.2f} max_ms={(latencies[-1] if latencies else float('nan')):.2f}")

server = {}
with open(paced) as file:
    for line in file:
        match = re.search(r"mode=(\w+) .* p99_ms=([\d.]+)", line)
        if line.startswith("RESULT") and match:
            server[match.group(1)] = float(match.group(2))
for mode in ("read", "write"):
    if mode in server and p99.get(mode):
        print(f"RESULT ratio mode={mode} server_p99_ms={server[mode]:.2f} postgres_p99_ms={p99[mode]:.2f} "
              f"server_over_postgres={server[mode] / p99[mode]:.1f}")
