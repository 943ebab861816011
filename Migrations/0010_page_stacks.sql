-- Each page of the home tab's page view keeps a stack of its own: turning the page shows that
-- page's own screens (a book opened from the squad stays on the squad page). `stacks.home` stays
-- the stack of the page on show (`selected_page`), as before, so a row stored by an older
-- release already holds the selected page's stack and upgrades without a rewrite: its other
-- pages start at their root. This column holds the stacks of the pages NOT on show, a JSON
-- object by page name, root first; NULL when every other page is at its bare root:
-- {"results":[{"path":"home"},{"path":"gathers/1"}]}. The state's version stays 2 (a row
-- without the column has every other page at its root), as with kept_drafts in schema 6.
ALTER TABLE navigation_state ADD COLUMN page_stacks TEXT;
