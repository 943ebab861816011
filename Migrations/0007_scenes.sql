-- Scenes: a user keeps one navigation state per scene, as an iPad app has windows (scene names:
-- 1-32 ASCII letters, digits, '-' or '_'). The device still has one signed-in user and the data is
-- theirs whatever the scene. Every state stored before becomes the scene 'main', the default.
--
-- SQLite cannot change a primary key in place, so navigation_state is built again with the key
-- (user_id, scene) and the rows are copied, in this migration's transaction. A row whose user is
-- gone (only possible with foreign keys turned off by hand) is not copied: nobody can reach it,
-- and it must not stop the upgrade.
CREATE TABLE navigation_scenes (
    user_id        INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    scene          TEXT NOT NULL DEFAULT 'main'
                   CHECK (length(scene) BETWEEN 1 AND 32 AND scene NOT GLOB '*[^A-Za-z0-9_-]*'),
    version        INTEGER NOT NULL,
    root_flow      TEXT NOT NULL,
    selected_tab   TEXT NOT NULL,
    selected_page  TEXT NOT NULL,
    stacks         TEXT NOT NULL,
    modal          TEXT,
    current_screen TEXT,
    kept_drafts    TEXT,
    updated_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (user_id, scene)
);
INSERT INTO navigation_scenes
    (user_id, scene, version, root_flow, selected_tab, selected_page, stacks, modal, current_screen, kept_drafts,
     updated_at)
SELECT user_id, 'main', version, root_flow, selected_tab, selected_page, stacks, modal, current_screen, kept_drafts,
       updated_at
FROM navigation_state WHERE user_id IN (SELECT id FROM users);
DROP TABLE navigation_state;
ALTER TABLE navigation_scenes RENAME TO navigation_state;

-- The journal (undo, reopen, history) is per scene too; entries made before are the main scene's.
ALTER TABLE navigation_journal ADD COLUMN scene TEXT NOT NULL DEFAULT 'main';
DROP INDEX navigation_journal_user;
CREATE INDEX navigation_journal_scene ON navigation_journal (user_id, scene, id);
