-- The server's device cookie for this device's sign-ins (the server's 0005_device_cookies): kept
-- beside the token, never printed, sent with the next `remote set` to the same server so that
-- wrong passwords others send for the account never make this device wait. NULL until a sign-in
-- answers one (a file upgraded from schema 8, or a server older than 0.9.0).
ALTER TABLE sync_remote ADD COLUMN device_cookie TEXT CHECK (device_cookie IS NULL OR device_cookie <> '');
