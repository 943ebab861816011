#!/usr/bin/env python3
"""Times `clubhouse player add` and `clubhouse player list` as whole processes on a database of
10 000 players, against the sqlite3 shell running the same SQL on the same file.

Usage: python3 Benchmarks/cli_vs_sqlite3.py [--runs N] [--players N] [--binary PATH]

Builds the release binary with the Swift runtime linked statically (unless --binary is given).
Runs are interleaved (clubhouse, sqlite3, clubhouse, ...) so that drift in the machine's load
affects both sides alike. Prints medians and the ratio; a ratio of 2.0 or less is the target.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PASSWORD = "bench-password"

# What the commands run, statement for statement (the open-time schema check, the session and
# navigation reads, the action, all inside one IMMEDIATE transaction). The navigation row is not
# rewritten because the players tab is already at its root.
PRELUDE = """
PRAGMA foreign_keys = ON;
PRAGMA busy_timeout = 10000;
SELECT application_id, user_version, (SELECT count(*) FROM sqlite_master WHERE name <> 'grdb_migrations')
  FROM pragma_application_id, pragma_user_version;
BEGIN IMMEDIATE;
SELECT users.id, users.username FROM sessions JOIN users ON users.id = sessions.user_id WHERE sessions.ended_at IS NULL;
SELECT version, root_flow, selected_tab, selected_page, stacks FROM navigation_state WHERE user_id = 1;
"""
ADD_SQL = PRELUDE + """
INSERT INTO players (owner_id, name, age, skill, position, favourite_team)
  VALUES (1, 'Bench Player', 30, 'amateur', 'striker', 'Boca Juniors');
COMMIT;
"""
LIST_SQL = PRELUDE + """
SELECT id, owner_id, name, age, skill, position, favourite_team FROM players WHERE owner_id = 1 ORDER BY id;
COMMIT;
"""


def build():
    args = ["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "clubhouse"]
    subprocess.run(args, cwd=ROOT, check=True)
    bin_path = subprocess.run(
        ["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.strip()
    return os.path.join(bin_path, "clubhouse")


def seed(binary, db, players):
    for verb in ("register", "login"):
        subprocess.run([binary, verb, "bench", "--password-stdin", "--database", db], input=PASSWORD, text=True,
                       check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["sqlite3", db, f"""
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {players})
        INSERT INTO players (owner_id, name, age, skill, position, favourite_team)
        SELECT 1, 'Player ' || i, 5 + i % 95,
               CASE i % 3 WHEN 0 THEN 'beginner' WHEN 1 THEN 'amateur' ELSE 'professional' END,
               CASE i % 5 WHEN 0 THEN 'goalkeeper' WHEN 1 THEN 'defender' WHEN 2 THEN 'midfielder'
                          WHEN 3 THEN 'winger' ELSE 'striker' END,
               CASE WHEN i % 4 = 0 THEN NULL ELSE 'Team ' || (i % 40) END
        FROM n;"""], check=True)
    # Leave the players tab at its root, so neither side rewrites the navigation row.
    subprocess.run([binary, "player", "list", "--database", db], check=True, stdout=subprocess.DEVNULL)


def timed(argv, stdin_text=None):
    start = time.perf_counter()
    subprocess.run(argv, input=stdin_text, text=True, check=True, stdout=subprocess.DEVNULL)
    return (time.perf_counter() - start) * 1000


def compare(name, clubhouse_argv, sql, db, runs, warmup=3):
    sqlite_argv = ["sqlite3", db]
    for _ in range(warmup):
        timed(clubhouse_argv)
        timed(sqlite_argv, sql)
    ours, theirs = [], []
    for _ in range(runs):
        ours.append(timed(clubhouse_argv))
        theirs.append(timed(sqlite_argv, sql))
    ours_median, theirs_median = statistics.median(ours), statistics.median(theirs)
    return name, ours_median, theirs_median, ours_median / theirs_median


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--binary", help="an already built clubhouse binary")
    options = parser.parse_args()

    if shutil.which("sqlite3") is None:
        sys.exit("error: the sqlite3 shell is needed (apt-get install -y sqlite3)")
    binary = options.binary or build()
    folder = tempfile.mkdtemp(prefix="clubhouse-bench-")
    try:
        db = os.path.join(folder, "bench.sqlite")
        seed(binary, db, options.players)
        rows = [
            compare("player list", [binary, "player", "list", "--database", db], LIST_SQL, db, options.runs),
            compare("player add", [binary, "player", "add", "--name", "Bench Player", "--age", "30", "--skill",
                                   "amateur", "--position", "striker", "--favourite-team", "Boca Juniors",
                                   "--database", db], ADD_SQL, db, options.runs),
        ]
    finally:
        shutil.rmtree(folder)

    print(f"\n{options.players} players, {options.runs} interleaved runs each, medians of whole processes\n")
    print("| command | clubhouse | sqlite3 shell, same SQL | ratio |")
    print("|---|---|---|---|")
    for name, ours, theirs, ratio in rows:
        print(f"| {name} | {ours:.1f} ms | {theirs:.1f} ms | {ratio:.2f}x |")


if __name__ == "__main__":
    main()
