-- Drafts a link set aside: a form holding a draft that a link closed (opening `players/3` over a
-- half-filled `players/new`) keeps what was typed here, and the same form gets it back when it
-- opens again. Back still discards a draft on purpose; a link never does.
-- NULL when there are none, else a JSON array, oldest first, one entry per form path:
-- [{"path":"players/new","draft":{"name":"Zoë","age":"27"}}]. The state's version stays 2: its
-- other columns are unchanged, and a version 2 row without this column has kept nothing.
ALTER TABLE navigation_state ADD COLUMN kept_drafts TEXT;
