#!/usr/bin/env python3
"""BookKitty's goals with whole processes, against the sqlite3 shell doing the same work.

Usage: python3 Benchmarks/bookkitty.py [--runs N] [--books 50000] [--binary PATH]
                                       [--write-csv PATH] [--keep]

1. book import: `clubhouse book import FILE.csv` of a generated file of --books books into a fresh
   signed-in database, against the shell's `.import --csv` of the same file followed by the
   INSERT that puts its rows into the real books table (schema and triggers from Migrations/,
   applied by clubhouse itself: both start from a copy of one file). Goal: 1.5x or less.
2. book search and question ask on that database, against the shell running the same FTS5 query
   (MATCHING_SQL below: keep it equal to the Persistence code's) after the prelude
   every command reads. Medians of paired runs (clubhouse, sqlite3, clubhouse, ...).

The file is deterministic (seeded): realistic titles, authors, publishers and descriptions, some
with commas and double quotes (so quoted), some ISBNs hyphenated.
--write-csv only writes the file and exits. Builds the release binary as README installs it
(static Swift runtime) unless --binary is given.
"""
import argparse
import csv
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from commands import PASSWORD, build, timed, writing  # noqa: E402  (same style and prelude)

# The shell's side of the import: the CSV's columns as the header names them, into a plain table,
# then into the real one. `{columns}` and `{values}` are filled from PRAGMA table_info(books) by
# COLUMN_VALUES, so a renamed column fails loudly instead of being compared with other work.
STAGE = "import_rows"
IMPORT_SQL = """
PRAGMA foreign_keys = ON;
PRAGMA busy_timeout = 10000;
BEGIN IMMEDIATE;
SELECT users.id FROM sessions JOIN users ON users.id = sessions.user_id WHERE sessions.ended_at IS NULL;
CREATE TABLE {stage} (isbn TEXT, title TEXT, author TEXT, publisher TEXT, description TEXT, price TEXT,
                      published TEXT);
.import --csv --skip 1 {csv} {stage}
INSERT INTO books ({columns}) SELECT {values} FROM {stage} WHERE true
  ON CONFLICT DO NOTHING;
DROP TABLE {stage};
COMMIT;
"""
# Each books column the shell fills, with the SQL that computes it from a staged row. Columns
# with a default that are not listed are left to it.
NOW_TEXT = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"
NOW_MS = "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)"
COLUMN_VALUES = {
    "owner_id": "1",
    "isbn": "replace(replace(isbn, '-', ''), ' ', '')",
    "title": "trim(title)",
    "author": "NULLIF(trim(author), '')",
    "publisher": "NULLIF(trim(publisher), '')",
    "description": "NULLIF(trim(description), '')",
    "price_cents": "CAST(round(NULLIF(price, '') * 100) AS INTEGER)",
    "published": "NULLIF(published, '')",
    "owned": "1",
    # The shelf's order among books saved in one millisecond: the file's order, as the import's.
    "save_order": "rowid",
}
TIME_COLUMNS = ("created_at", "updated_at")

# The Persistence code's query (BookStore.matchingSQL, used by search and rank alike), with
# `{match}` for the FTS5 expression built from the words, 1 for the owner and `{limit}`. Update it
# when that changes.
MATCHING_SQL = """SELECT b.id, b.owner_id, b.isbn, b.title, b.author, b.publisher, b.description, b.price_cents,
    b.published, b.owned, b.created_at, b.updated_at
  FROM books_fts CROSS JOIN books b ON b.id = books_fts.rowid
  WHERE books_fts MATCH '{match}' AND b.owner_id = 1 AND b.owned = 1
  ORDER BY bm25(books_fts, 10.0, 5.0, 1.0), b.updated_at DESC, b.save_order DESC, b.id DESC
  LIMIT {limit};"""
SEARCH_SQL = MATCHING_SQL.replace("{limit}", "50")
# A question's recommendations: Domain's BookRelevance as BookStore.rankingSQL writes it (each
# word adds its field's weight, 10/5/1, for every field it matches; ties by ISBN). Keep it equal.
RANK_SQL = """SELECT b.id, b.owner_id, b.isbn, b.title, b.author, b.publisher, b.description, b.price_cents,
    b.published, b.owned, b.created_at, b.updated_at, {score} AS score
  FROM books_fts CROSS JOIN books b ON b.id = books_fts.rowid
  WHERE books_fts MATCH '{match}' AND b.owner_id = 1 AND b.owned = 1
  ORDER BY score DESC, b.isbn LIMIT 3;"""


def rank_score(words):
    return " + ".join(
        f"{weight} * (b.id IN (SELECT rowid FROM books_fts WHERE books_fts MATCH '{column} : \"{word}\"*'))"
        for word in words for column, weight in (("title", 10), ("author", 5), ("description", 1)))
# The question and its three books, as question ask stores them.
INSERT_QUESTION = """INSERT INTO questions (owner_id, text, answer, created_at)
  VALUES (1, 'benchmark question', 'benchmark answer', {now});
INSERT INTO question_books (question_id, seat, book_id)
  SELECT (SELECT max(id) FROM questions WHERE owner_id = 1), row_number() OVER () - 1, id
  FROM (SELECT id FROM books WHERE owner_id = 1 ORDER BY id LIMIT 3);"""

SEARCH_WORDS = ["garden", "winter"]
QUESTION = "Something about a lighthouse keeper and the sea in winter"
QUESTION_WORDS = ["lighthouse", "keeper", "sea", "winter"]

WORDS = ("river garden winter shadow silver empire harbour lighthouse orchard letters midnight north "
         "kingdom stone glass salt memory island mountain engine summer daughter forest clock sea").split()
FIRST = "Ada Alan Grace Jorge Chimamanda Haruki Zadie Italo Toni Ursula Orhan Wisława Olga Kazuo".split()
LAST = "Lovelace Turing Hopper Borges Adichie Murakami Smith Calvino Morrison Le_Guin Pamuk Szymborska".split()
PUBLISHERS = ["Faber & Faber", "Penguin", "Gallimard", "Hodder, Stoughton", "Vintage", "Anagrama", "Kodansha"]


def isbn13(n):
    body = f"978{n:09d}"
    check = (10 - sum(int(d) * (1 if i % 2 == 0 else 3) for i, d in enumerate(body)) % 10) % 10
    return body + str(check)


def write_csv(path, books):
    """The same file for the same count: csv quotes fields with commas, quotes or line breaks."""
    rng = random.Random(20261123)
    with open(path, "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out, lineterminator="\r\n")
        writer.writerow(["isbn", "title", "author", "publisher", "description", "price", "published"])
        for i in range(books):
            n = 100_000_000 + i
            style = i % 10
            isbn = f"978-{isbn13(n)[3:]}" if style == 1 else isbn13(n)
            title = " ".join(w.capitalize() for w in rng.sample(WORDS, rng.randint(2, 5)))
            if i % 7 == 0:
                title += ", a novel"
            author = f"{rng.choice(FIRST)} {rng.choice(LAST).replace('_', ' ')}"
            sentences = [f"A story of {' and '.join(rng.sample(WORDS, 2))}, told over {rng.randint(2, 40)} years."
                         for _ in range(rng.randint(1, 4))]
            if i % 5 == 0:
                sentences.append(f'"{rng.choice(WORDS).capitalize()}," the critics wrote, "is unforgettable."')
            price = "" if i % 11 == 0 else f"{rng.randint(3, 60)}.{rng.choice(['00', '50', '99'])}"
            published = "" if i % 13 == 0 else f"{rng.randint(1900, 2025)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
            writer.writerow([isbn, title, author, rng.choice(PUBLISHERS), " ".join(sentences), price, published])


def signed_in(binary, path):
    # register signs the new account in.
    subprocess.run([binary, "register", "bench", "--password-stdin", "--database", path], input=PASSWORD, text=True,
                   check=True, stdout=subprocess.DEVNULL)


def books_columns(db):
    rows = subprocess.run(["sqlite3", "-separator", "|", db, "PRAGMA table_info(books);"], check=True,
                          capture_output=True, text=True).stdout.splitlines()
    # cid|name|type|notnull|dflt_value|pk
    return [(r.split("|")[1], r.split("|")[2].upper(), r.split("|")[3] == "1", r.split("|")[4] != "") for r in rows]


def import_sql(db, csv_path):
    """IMPORT_SQL for the books table this database really has (Migrations/0005_bookkitty.sql)."""
    columns, values = [], []
    for name, kind, not_null, has_default in books_columns(db):
        if name in COLUMN_VALUES:
            columns.append(name)
            values.append(COLUMN_VALUES[name])
        elif name in TIME_COLUMNS:
            columns.append(name)
            values.append(NOW_MS if "INT" in kind else NOW_TEXT)
        elif not_null and not has_default and name != "id":
            sys.exit(f"books.{name} is not in COLUMN_VALUES: update Benchmarks/bookkitty.py to the schema")
    if not columns:
        sys.exit("this database has no books table: build clubhouse with Migrations/0005_bookkitty.sql")
    return IMPORT_SQL.format(stage=STAGE, csv=csv_path, columns=", ".join(columns), values=", ".join(values))


def fts_match(words, any_word):
    return (" OR " if any_word else " AND ").join(f'"{word}"*' for word in words)


def time_import(binary, template, csv_path, folder, runs):
    """Medians of paired runs, each into its own copy of the signed-in template; the last run's
    two databases are kept (for the queries, and to check that both stored every book)."""
    ours, shell = [], []
    paths = {}
    for run in range(runs):
        for side in ("clubhouse", "sqlite3"):
            paths[side] = os.path.join(folder, f"import-{side}-{run}.sqlite")
            shutil.copyfile(template, paths[side])
        ours.append(timed([binary, "book", "import", csv_path, "--database", paths["clubhouse"]]))
        shell.append(timed_shell(paths["sqlite3"], import_sql(paths["sqlite3"], csv_path)))
        if run < runs - 1:
            for path in paths.values():
                os.remove(path)
    return statistics.median(ours), statistics.median(shell), paths["clubhouse"], paths["sqlite3"]


def timed_shell(db, script):
    """Like `timed`, with the script on standard input (dot commands such as .import need it)."""
    script_path = db + ".sql"
    with open(script_path, "w") as out:
        out.write(script)
    try:
        return timed(["sqlite3", "-bail", db, f".read {script_path}"])
    finally:
        os.remove(script_path)


def count_books(db):
    return int(subprocess.run(["sqlite3", db, "SELECT count(*) FROM books;"], check=True, capture_output=True,
                              text=True).stdout.strip())


def time_queries(binary, db, runs):
    now = NOW_MS if any(n == "created_at" and "INT" in k for n, k, _, _ in books_columns(db)) else NOW_TEXT
    cases = [
        ("book search", ["book", "search", *SEARCH_WORDS],
         writing(SEARCH_SQL.format(match=fts_match(SEARCH_WORDS, any_word=False)), tab="library")),
        ("question ask", ["question", "ask", QUESTION],
         writing(RANK_SQL.format(match=fts_match(QUESTION_WORDS, any_word=True), score=rank_score(QUESTION_WORDS))
                 + INSERT_QUESTION.format(now=now), tab="questions")),
    ]
    results = {}
    for name, command, sql in cases:
        ours, shell = [], []
        for _ in range(runs):
            ours.append(timed([binary, *command, "--database", db]))
            shell.append(timed(["sqlite3", db, sql]))
        results[name] = (statistics.median(ours), statistics.median(shell))
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=10, help="paired runs per measure (default 10)")
    parser.add_argument("--books", type=int, default=50_000, help="rows in the generated file (default 50000)")
    parser.add_argument("--binary", help="a built clubhouse (default: build the release binary)")
    parser.add_argument("--write-csv", metavar="PATH", help="only write the generated file to PATH")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder and print its path")
    options = parser.parse_args()
    if options.write_csv:
        write_csv(options.write_csv, options.books)
        return
    if shutil.which("sqlite3") is None:
        sys.exit("needs the sqlite3 shell (apt-get install -y sqlite3)")
    binary = options.binary or build()
    folder = tempfile.mkdtemp(prefix="clubhouse-bookkitty-")
    try:
        print(f"binary: {binary}")
        csv_path = os.path.join(folder, "books.csv")
        write_csv(csv_path, options.books)
        print(f"file: {options.books} books, {os.path.getsize(csv_path) / 1e6:.1f} MB")
        template = os.path.join(folder, "template.sqlite")
        signed_in(binary, template)

        print(f"\n== book import, median of {options.runs} paired runs (goal: ratio <= 1.5) ==")
        ours, shell, ours_db, shell_db = time_import(binary, template, csv_path, folder, options.runs)
        print(f"{'book import':14} clubhouse {ours:8.1f} ms   sqlite3 {shell:8.1f} ms   ratio {ours / shell:4.2f}")
        counts = count_books(ours_db), count_books(shell_db)
        if counts[0] != counts[1]:
            sys.exit(f"the two imports differ: clubhouse stored {counts[0]} books, the shell {counts[1]}")

        print(f"\n== queries on {counts[0]} books, median of {options.runs} paired runs ==")
        for name, (ours, shell) in time_queries(binary, ours_db, options.runs).items():
            print(f"{name:14} clubhouse {ours:8.2f} ms   sqlite3 {shell:8.2f} ms   ratio {ours / shell:4.2f}")
    finally:
        if options.keep:
            print(f"kept {folder}")
        else:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
