-- BookKitty: each user's books, a full-text index over them, and the questions answered from
-- them with the books each recommended.

-- A user's books. The ISBN (normalised to 13 digits) is the book's identity for its owner and in
-- routes (books/<isbn>); id is internal, the rowid the full-text index and question_books use.
-- A book is never deleted by the app: removing it clears `owned`, so the questions that
-- recommended it still show it.
CREATE TABLE books (
    id          INTEGER PRIMARY KEY,
    owner_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    isbn        TEXT NOT NULL CHECK (length(isbn) = 13 AND isbn NOT GLOB '*[^0-9]*'),
    title       TEXT NOT NULL CHECK (title <> ''),
    author      TEXT,
    publisher   TEXT,
    description TEXT,
    -- Cents, so that prices add up exactly.
    price_cents INTEGER CHECK (price_cents IS NULL OR (typeof(price_cents) = 'integer' AND price_cents >= 0)),
    published   TEXT CHECK (published IS NULL OR published GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
    -- 1 while on the shelf, 0 once removed.
    owned       INTEGER NOT NULL DEFAULT 1 CHECK (owned IN (0, 1)),
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL,
    -- The owner's highest plus one on every save or removal: the shelf is most recently updated
    -- first, and among books updated in the same millisecond (an import) the last saved first.
    -- The clock gives updated_at; this order never depends on it.
    save_order  INTEGER NOT NULL CHECK (typeof(save_order) = 'integer'),
    UNIQUE (owner_id, isbn)
);
-- The shelf a page at a time and its count, reading only this owner's books on the shelf (the
-- rowid every index ends with breaks any remaining tie). Not a partial index WHERE owned = 1:
-- SQLite 3.40 would not count from it without reading each row.
CREATE INDEX books_shelf ON books (owner_id, owned, updated_at, save_order);
-- The next save_order is one index probe, and two books of an owner never share one.
CREATE UNIQUE INDEX books_save_order ON books (owner_id, save_order);

-- Full text of every book (on the shelf or not: owned is filtered when searching), stored once:
-- an external-content index reads the text from `books`, and the triggers below keep it in step.
-- unicode61 folds case and removes diacritics, so `zoe` finds "Zoë".
CREATE VIRTUAL TABLE books_fts USING fts5(
    title, author, description,
    content = 'books', content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TRIGGER books_fts_insert AFTER INSERT ON books BEGIN
    INSERT INTO books_fts (rowid, title, author, description)
    VALUES (new.id, new.title, new.author, new.description);
END;
-- External content: the index forgets a row by being told the values it indexed.
CREATE TRIGGER books_fts_delete AFTER DELETE ON books BEGIN
    INSERT INTO books_fts (books_fts, rowid, title, author, description)
    VALUES ('delete', old.id, old.title, old.author, old.description);
END;
-- Only when indexed text changes: saving a book again unchanged (an import run twice) or taking
-- it off the shelf leaves the index alone.
CREATE TRIGGER books_fts_update AFTER UPDATE OF id, title, author, description ON books
WHEN old.id IS NOT new.id OR old.title IS NOT new.title OR old.author IS NOT new.author
    OR old.description IS NOT new.description
BEGIN
    INSERT INTO books_fts (books_fts, rowid, title, author, description)
    VALUES ('delete', old.id, old.title, old.author, old.description);
    INSERT INTO books_fts (rowid, title, author, description)
    VALUES (new.id, new.title, new.author, new.description);
END;

-- Questions asked in BookKitty with the answer given. AUTOINCREMENT: ids are in routes
-- (questions/<id>) and are never reused, so a stale route never lands on a newer question.
CREATE TABLE questions (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    owner_id   INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    -- length() counts characters (Unicode scalars), as the app's 10–100 rule does.
    text       TEXT NOT NULL CHECK (length(text) BETWEEN 10 AND 100),
    answer     TEXT NOT NULL,
    created_at TEXT NOT NULL
);
-- A user's questions newest first (ids grow), their count, and the newest ones' books.
CREATE INDEX questions_owner ON questions (owner_id, id);

-- The books a question recommended, best first (seat from 0). Deleting a question drops its
-- links, never the books; a book only goes with its owner.
CREATE TABLE question_books (
    question_id INTEGER NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    book_id     INTEGER NOT NULL REFERENCES books(id) ON DELETE CASCADE,
    PRIMARY KEY (question_id, seat)
);
-- Deleting a book (with its owner) finds its links without a scan.
CREATE INDEX question_books_book ON question_books (book_id);
