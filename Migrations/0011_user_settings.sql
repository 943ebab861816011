-- A user's choices on this device (issue 30): where a sign-in lands. One row a user who chose
-- something; no row, or a NULL column, is the default. `landing_tab`: the tab every sign-in
-- opens (a sign-out forgets where the user was, so a sign-in starts at a tab's root); NULL is
-- home. Kept on the device, like the navigation it steers.
CREATE TABLE user_settings (
    user_id     INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    landing_tab TEXT CHECK (landing_tab IS NULL OR landing_tab IN ('home', 'players', 'questions', 'library', 'profile'))
);
