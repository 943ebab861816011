-- Look-alike usernames (issue 42, item 10): `ana` and `аna` (Cyrillic а), `pope` and `роре`, `aṇa`
-- beside `ana` were each two accounts. A name's skeleton (Username.skeleton(for:): Unicode TR 39's
-- confusable skeleton of its key, accents aside) is one account's at most; registering a name
-- whose skeleton is held is refused. The column is filled right after this file runs, in the same
-- transaction, by AppDatabase's data upgrade for this migration (UsernameSkeletonUpgrade).
--
-- Accounts registered before that already look alike all keep working: the oldest (lowest id)
-- holds the skeleton, each later one keeps NULL (UNIQUE lets NULLs be), signs in by its key as
-- before, and no new name like theirs can be registered, since the oldest's skeleton is theirs.
ALTER TABLE users ADD COLUMN username_skeleton TEXT;
CREATE UNIQUE INDEX users_username_skeleton ON users (username_skeleton);
