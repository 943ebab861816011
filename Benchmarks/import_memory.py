#!/usr/bin/env python3
"""Peak memory of `clubhouse book import` as the file grows: the goal is 64 MiB or less for any size.

Usage: python3 Benchmarks/import_memory.py [--binary PATH] [--sizes 10,200] [--field 50] [--keep]

For each size in MB, a file of realistic books that large (Benchmarks/bookkitty.py's generator) is
imported into a fresh signed-in database; then a file whose one row has a single description of
--field MB (refused as longer than a row may be: what counts is that it is not held whole). Peak
RSS is GNU time's %M, so it is the process's own, after the exec. Builds the release binary as
README installs it unless --binary is given.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bookkitty import signed_in, write_csv  # noqa: E402
from commands import build  # noqa: E402

GOAL_MIB = 64
# Rows of bookkitty's generator per MB, near enough to aim at a size (the real size is printed).
ROWS_PER_MB = 4500


def measure(binary, db, csv_path):
    """(peak RSS in KiB, seconds, exit status, last line of stderr) of one import."""
    start = time.perf_counter()
    run = subprocess.run(["/usr/bin/time", "-f", "%M", binary, "book", "import", csv_path, "--database", db],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - start
    lines = run.stderr.strip().splitlines()
    said = next((line for line in lines if line.startswith("error:")), "")
    return int(lines[-1]), seconds, run.returncode, said


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary")
    parser.add_argument("--sizes", default="10,200", help="file sizes in MB, comma-separated")
    parser.add_argument("--field", type=int, default=50, help="size in MB of the single huge field")
    parser.add_argument("--keep", action="store_true", help="keep the files (printed)")
    args = parser.parse_args()
    binary = args.binary or build()
    folder = tempfile.mkdtemp(prefix="clubhouse-import-memory-")
    failed = False
    try:
        cases = []
        for size in (int(s) for s in args.sizes.split(",") if s):
            path = os.path.join(folder, f"books-{size}mb.csv")
            write_csv(path, size * ROWS_PER_MB)
            cases.append((f"{size} MB of books", path))
        if args.field:
            path = os.path.join(folder, f"field-{args.field}mb.csv")
            with open(path, "w", encoding="utf-8") as out:
                out.write("isbn,title,description\n9780306406157,Dune,\"")
                chunk = "spice " * 10_000
                for _ in range(args.field * 1_000_000 // len(chunk)):
                    out.write(chunk)
                out.write("\"\n")
            cases.append((f"one {args.field} MB field", path))
        print(f"{'file':<22} {'bytes':>12} {'peak RSS':>12} {'seconds':>8}  status")
        for label, path in cases:
            db = os.path.join(folder, "import.sqlite")
            for leftover in (db, db + "-journal"):
                if os.path.exists(leftover):
                    os.remove(leftover)
            signed_in(binary, db)
            peak, seconds, status, said = measure(binary, db, path)
            ok = peak <= GOAL_MIB * 1024
            failed |= not ok
            print(f"{label:<22} {os.path.getsize(path):>12} {peak / 1024:>8.1f} MiB {seconds:>8.1f}  exit {status}"
                  f"{'' if ok else '  OVER THE GOAL'}{('  ' + said) if said else ''}")
        print(f"goal: peak RSS <= {GOAL_MIB} MiB for any file")
    finally:
        if args.keep:
            print(f"files kept in {folder}")
        else:
            shutil.rmtree(folder)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
