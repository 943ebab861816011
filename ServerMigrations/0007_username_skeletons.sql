-- Look-alike usernames (issue 42, item 10): `ana` and `аna` (Cyrillic а), `pope` and `роре`, `aṇa`
-- beside `ana` were each two accounts. A name's skeleton (the Domain's Username.skeleton(for:):
-- Unicode TR 39's confusable skeleton of its key, accents aside) is one account's at most; a
-- registration whose skeleton is held is refused (409 username_taken, field username). The column
-- is filled right after this file, in the same transaction, by the migrator's data upgrade for
-- this version (UsernameSkeletonUpgrade): PostgreSQL cannot compute a skeleton.
--
-- Accounts registered before that already look alike all keep working: the oldest (lowest id)
-- holds the skeleton, each later one keeps NULL (a UNIQUE index lets NULLs be), signs in by its
-- key as before, and no new name like theirs can be registered, since the oldest's is theirs.
ALTER TABLE users ADD COLUMN username_skeleton TEXT;
CREATE UNIQUE INDEX users_username_skeleton ON users (username_skeleton);
