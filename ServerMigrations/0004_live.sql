-- Live sync: every server instance LISTENs on one channel, clubhouse_live, and PostgreSQL itself
-- says when an account's log moved or its tokens went, whichever instance (or script) wrote. The
-- triggers are per statement, so a push of 500 changes notifies once, and NOTIFY is sent at
-- commit (never for a rolled-back write). Payloads:
--   log OWNER SEQ          the newest seq of the entries every device of OWNER may see
--   log OWNER SEQ DEVICE   the newest seq of notices addressed to DEVICE alone
--   tokens OWNER           some of OWNER's tokens were deleted (signed out, expired, removed)
-- The bodies are quoted strings, not dollar-quoted: the migrator's splitter reads quotes only.

CREATE FUNCTION clubhouse_live_log() RETURNS trigger LANGUAGE plpgsql AS '
BEGIN
    PERFORM pg_notify(''clubhouse_live'',
                      ''log '' || owner_id || '' '' || max(seq) || coalesce('' '' || target_device, ''''))
    FROM new_rows GROUP BY owner_id, target_device;
    RETURN NULL;
END';

CREATE TRIGGER sync_log_live AFTER INSERT ON sync_log
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION clubhouse_live_log();

CREATE FUNCTION clubhouse_live_tokens() RETURNS trigger LANGUAGE plpgsql AS '
BEGIN
    PERFORM pg_notify(''clubhouse_live'', ''tokens '' || user_id) FROM (SELECT DISTINCT user_id FROM old_rows) o;
    RETURN NULL;
END';

CREATE TRIGGER tokens_live AFTER DELETE ON tokens
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION clubhouse_live_tokens();
