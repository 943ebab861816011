-- Each logged change says what it is, so a device never infers it from which fields are present:
-- 'create' (the record did not exist: every field), 'update' (the fields it set), 'delete'.
-- Entries logged before this migration say none (NULL) and are read as they were logged: a put
-- with every field a create, any other put an update.
ALTER TABLE sync_log ADD COLUMN kind TEXT CHECK (kind IN ('create', 'update', 'delete'));
ALTER TABLE sync_log ADD CONSTRAINT sync_log_kind_op
    CHECK (kind IS NULL OR (op = 'delete') = (kind = 'delete') AND op <> 'notice');

-- A key every device shares (a book's ISBN) is no longer buried by one device's refused create:
-- such burials refused every other device's valid create of the book for good.
DELETE FROM sync_tombstones WHERE entity = 'book' AND reason = 'refused';
