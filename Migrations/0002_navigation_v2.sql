-- Navigation state version 2: screens carry form drafts, a modal flow is presented over the tabs,
-- every change is journaled per user, and a link opened while signed out waits for the next sign-in.
-- Existing version 1 rows are rewritten as version 2 right after this file runs, in the same
-- transaction (AppDatabase's data upgrade for this migration), so nothing a user had is lost.

-- The stacks column now holds {"players":[{"path":"players"},{"path":"players/new","draft":{"name":"Zoë"}}]}.
-- modal: NULL, or {"stack":[{"path":"books/new","draft":{...}}]} presented over the tab bar.
ALTER TABLE navigation_state ADD COLUMN modal TEXT;
-- The screen the user is looking at, as a path, for the sqlite3 shell (derived from the state).
ALTER TABLE navigation_state ADD COLUMN current_screen TEXT;

CREATE TABLE navigation_journal (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id       INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    at            TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    kind          TEXT NOT NULL CHECK (kind IN ('navigate', 'undo', 'reopen')),
    from_screen   TEXT NOT NULL,
    to_screen     TEXT NOT NULL,
    -- The screen this change closed (popped, cut or dismissed), for `clubhouse reopen`.
    closed_screen TEXT,
    -- The whole state before and after, as navigation_state stores it: {"version", "tab", "page", "stacks", "modal"}.
    before_state  TEXT NOT NULL,
    after_state   TEXT NOT NULL,
    undone        INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)),
    reopened      INTEGER NOT NULL DEFAULT 0 CHECK (reopened IN (0, 1))
);
CREATE INDEX navigation_journal_user ON navigation_journal (user_id, id);

-- At most one link, opened while nobody was signed in on this device.
CREATE TABLE pending_link (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    link       TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
