#!/usr/bin/env python3
"""Checks issue 10's goals with whole processes, against the sqlite3 shell running the same SQL.

Usage: python3 Benchmarks/commands.py [--runs N] [--binary PATH] [--baseline PATH] [--sizes 0,1000000]
                                      [--list-sizes 1000,100000,1000000] [--callgrind]

1. Single-record commands (whoami, nav, tab, back, player show, player add): median wall time of
   paired runs (clubhouse, sqlite3, clubhouse, ...) and the ratio; the goal is 2.0 or less.
   Run on a database of each size in --sizes: the goal is that a command costs the same (within
   10%) with 0 players as with a million.
2. player list and player list --json: peak memory (max RSS) and time against the shell listing
   the same rows, for each size in --list-sizes: memory flat, within 1.5x of the shell's.
3. With --callgrind: instructions of each single-record command (valgrind on a stripped copy)
   and of the shell running the same SQL, and their ratio; whoami's goal is 12 M or less.

--baseline PATH measures another build (an earlier release) in the same run, interleaved with
this one, so that both meet the same machine: its figures and ratios print beside this one's.

Builds the release binary as README installs it (Swift runtime and everything else linked
statically) unless --binary is given.
"""
import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PASSWORD = "bench-password"
# README's Install build, flag for flag.
BUILD = ["swift", "build", "-c", "release", "--static-swift-stdlib", "-Xswiftc", "-static-executable",
         "-Xswiftc", "-Xfrontend", "-Xswiftc", "-disable-concrete-type-metadata-mangled-name-accessors",
         "--product", "clubhouse"]

# What every command reads before it acts, statement for statement: the file's marks and schema
# (the digest compared on open), the session, the stored navigation.
PRELUDE = """
PRAGMA foreign_keys = ON;
PRAGMA busy_timeout = 10000;
SELECT application_id, user_version, (SELECT count(*) FROM sqlite_master WHERE name <> 'grdb_migrations')
  FROM pragma_application_id, pragma_user_version;
SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY type, name;
{begin}
SELECT users.id, users.username FROM sessions JOIN users ON users.id = sessions.user_id WHERE sessions.ended_at IS NULL;
SELECT version, root_flow, selected_tab, selected_page, stacks, modal FROM navigation_state WHERE user_id = 1;
"""
SAVE = """
UPDATE navigation_state SET selected_tab = '{tab}', stacks = stacks, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE user_id = 1;
INSERT INTO navigation_journal (user_id, kind, from_screen, to_screen, before_state, after_state)
  VALUES (1, 'navigate', 'home', '{tab}', '{{}}', '{{}}');
DELETE FROM navigation_journal WHERE user_id = 1 AND id <= (
  SELECT id FROM navigation_journal WHERE user_id = 1 ORDER BY id DESC LIMIT 1 OFFSET 500);
"""


def read_only(sql=""):
    return PRELUDE.format(begin="BEGIN;") + sql + "COMMIT;"


def writing(sql, tab="players"):
    return PRELUDE.format(begin="BEGIN IMMEDIATE;") + sql + SAVE.format(tab=tab) + "COMMIT;"


SHOW = "SELECT id, owner_id, name, age, skill, position, favourite_team FROM players WHERE id = 1 AND owner_id = 1;"
ADD = """INSERT INTO players (owner_id, name, age, skill, position, favourite_team)
  VALUES (1, 'Bench Player', 30, 'amateur', 'striker', 'Boca Juniors');"""

# (name, clubhouse arguments before each timed run, timed arguments, the shell's SQL). Each timed
# command changes the navigation, so that it writes. They land on screens of one record: the home
# and profile pages count every player, and the players list prints them all (see the lists).
SINGLE = [
    ("whoami", None, ["whoami"], read_only()),
    ("nav", None, ["nav"], read_only()),
    ("tab", ["tab", "questions"], ["tab", "library"], writing("", tab="library")),
    ("back", ["open", "players/1/edit/name"], ["back"], writing(SHOW, tab="players")),
    ("player show", ["tab", "library"], ["player", "show", "1"], writing(SHOW)),
    ("player add", None, ["player", "add", "--name", "Bench Player", "--age", "30"], writing(ADD)),
]
LIST_SQL = read_only("SELECT id, owner_id, name, age, skill, position, favourite_team FROM players "
                     "WHERE owner_id = 1 ORDER BY id;")


def build():
    subprocess.run(BUILD, cwd=ROOT, check=True)
    path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()
    return os.path.join(path, "clubhouse")


def seed(binary, folder, players, purpose):
    db = os.path.join(folder, f"{purpose}-{players}.sqlite")
    subprocess.run([binary, "register", "bench", "--password-stdin", "--database", db], input=PASSWORD, text=True,
                   check=True, stdout=subprocess.DEVNULL)
    # An older release may leave a new account signed out.
    if subprocess.run([binary, "whoami", "--database", db], capture_output=True).returncode != 0:
        subprocess.run([binary, "login", "bench", "--password-stdin", "--database", db], input=PASSWORD, text=True,
                       check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["sqlite3", db, f"""
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {players})
        INSERT INTO players (owner_id, name, age, skill, position, favourite_team)
        SELECT 1, 'Player ' || i, 18 + i % 40, 'amateur', 'striker', 'Team ' || (i % 97) FROM n;"""], check=True)
    return db


def timed(args):
    """Wall time (ms) of one whole process, output discarded."""
    start = time.perf_counter()
    if subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode != 0:
        sys.exit(f"failed: {' '.join(args)}")
    return (time.perf_counter() - start) * 1000


def peak_memory(args):
    """Peak RSS (KiB) of one whole process, as GNU time measures it after the exec (a Python
    fork's own pages would count otherwise)."""
    run = subprocess.run(["/usr/bin/time", "-f", "%M", *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         text=True, check=True)
    return int(run.stderr.strip().splitlines()[-1])


def single_records(binaries, dbs, runs):
    """Median wall time of each command for each binary on its own file, and of the shell on the
    first: (ours..., shell)."""
    results = {}
    for name, before, command, sql in SINGLE:
        ours, shell = [[] for _ in binaries], []
        for _ in range(runs):
            for index, (binary, db) in enumerate(zip(binaries, dbs)):
                if before:
                    subprocess.run([binary, *before, "--database", db], check=True, stdout=subprocess.DEVNULL)
                ours[index].append(timed([binary, *command, "--database", db]))
            shell.append(timed(["sqlite3", dbs[0], sql]))
        results[name] = (*map(statistics.median, ours), statistics.median(shell))
    return results


def lists(binary, db, runs):
    rows = {}
    for label, extra in (("player list", []), ("player list --json", ["--json"])):
        command = [binary, "player", "list", *extra, "--database", db]
        shell = ["sqlite3", db, LIST_SQL]
        rows[label] = (statistics.median(timed(command) for _ in range(runs)), peak_memory(command),
                       statistics.median(timed(shell) for _ in range(runs)), peak_memory(shell))
    return rows


def callgrind(args):
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *args],
                         capture_output=True, text=True).stderr
    return next((int(line.split()[-1].replace(",", "")) for line in out.splitlines() if "refs:" in line), 0)


def instructions(binaries, dbs):
    """Instructions of each command for each binary (a stripped copy) on its own file, and of the
    shell on the first."""
    stripped = []
    for index, binary in enumerate(binaries):
        path = os.path.join(os.path.dirname(dbs[0]), f"clubhouse-stripped-{index}")
        subprocess.run(["strip", "-o", path, binary], check=True)
        stripped.append(path)
    counts = {}
    for name, before, command, sql in SINGLE:
        ours = []
        for binary, copy, db in zip(binaries, stripped, dbs):
            if before:
                subprocess.run([binary, *before, "--database", db], check=True, stdout=subprocess.DEVNULL)
            ours.append(callgrind([copy, *command, "--database", db]))
        counts[name] = (*ours, callgrind(["sqlite3", dbs[0], sql]))
    return counts


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--binary")
    parser.add_argument("--baseline", help="another build to measure beside this one, in the same run")
    parser.add_argument("--sizes", default="0,1000000")
    parser.add_argument("--list-sizes", default="1000,100000,1000000")
    parser.add_argument("--callgrind", action="store_true")
    options = parser.parse_args()
    if shutil.which("sqlite3") is None:
        sys.exit("needs the sqlite3 shell (apt-get install -y sqlite3)")
    binary = options.binary or build()
    binaries = [binary] + ([options.baseline] if options.baseline else [])
    folder = tempfile.mkdtemp(prefix="clubhouse-bench-")
    try:
        print(f"binary: {binary}" + (f"\nbaseline: {options.baseline}" if options.baseline else ""))
        print(f"\n== single-record commands, median of {options.runs} paired runs (goal: ratio <= 2.0) ==")
        by_size = {}
        for size in map(int, options.sizes.split(",")):
            # Each build on a file it made: an older release refuses a file a newer one upgraded.
            dbs = [seed(each, folder, size, f"single{index}") for index, each in enumerate(binaries)]
            by_size[size] = single_records(binaries, dbs, options.runs)
            print(f"-- {size} players")
            for name, (ours, *rest) in by_size[size].items():
                shell = rest[-1]
                line = f"{name:14} clubhouse {ours:6.2f} ms   sqlite3 {shell:6.2f} ms   ratio {ours / shell:4.2f}"
                if options.baseline:
                    line += f"   baseline {rest[0]:6.2f} ms ratio {rest[0] / shell:4.2f}"
                print(line)
            if options.callgrind:
                print("-- instructions (callgrind; the shell as Debian ships it, dynamically linked)")
                for name, (ours, *rest) in instructions(binaries, dbs).items():
                    shell = rest[-1]
                    line = (f"{name:14} clubhouse {ours / 1e6:6.2f} M   sqlite3 {shell / 1e6:6.2f} M   "
                            f"ratio {ours / shell:4.2f}")
                    if options.baseline:
                        line += f"   baseline {rest[0] / 1e6:6.2f} M"
                    print(line)
        sizes = sorted(by_size)
        if len(sizes) > 1:
            print(f"\n== flat from {sizes[0]} to {sizes[-1]} players (goal: within 10%) ==")
            for name in by_size[sizes[0]]:
                small, large = by_size[sizes[0]][name][0], by_size[sizes[-1]][name][0]
                print(f"{name:14} {small:6.2f} ms -> {large:6.2f} ms   {100 * (large / small - 1):+5.1f}%")
        print("\n== lists: peak memory and time (goal: memory flat, within 1.5x of the shell) ==")
        for size in map(int, options.list_sizes.split(",")):
            for index, each in enumerate(binaries):
                db = seed(each, folder, size, f"list{index}")
                for label, (ours, rss, shell, shell_rss) in lists(each, db, max(3, options.runs // 10)).items():
                    print(f"{size:>8} {label:20} {'clubhouse' if index == 0 else 'baseline ':9} {ours:8.1f} ms "
                          f"{rss / 1024:6.1f} MiB   sqlite3 {shell:8.1f} ms {shell_rss / 1024:6.1f} MiB   "
                          f"time {ours / shell:4.2f}x  memory {rss / shell_rss:4.2f}x")
                if options.callgrind and size <= 100000:
                    # The list's instructions, beside the shell listing the same rows.
                    copy = os.path.join(folder, f"clubhouse-list-{index}")
                    subprocess.run(["strip", "-o", copy, each], check=True)
                    for label, extra in (("player list", []), ("player list --json", ["--json"])):
                        count = callgrind([copy, "player", "list", *extra, "--database", db])
                        print(f"{size:>8} {label:20} {'clubhouse' if index == 0 else 'baseline ':9} "
                              f"{count / 1e6:8.1f} M instructions   sqlite3 {callgrind(['sqlite3', db, LIST_SQL]) / 1e6:8.1f} M")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
