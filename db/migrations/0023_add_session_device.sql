-- The devices a rep is signed in on (Account → Devices): each login session keeps the browser's
-- User-Agent as it signed in (cut to 512 characters; shown as a device and browser label) and when
-- it was last used, by the database's clock. last_seen_at is written at most once a minute per
-- session, by the request that finds it older (api/auth/sessions.ts), never on every request.
-- Sessions from before this column say 'unknown' until their next request fills them in.
ALTER TABLE user_session ADD COLUMN user_agent text;
ALTER TABLE user_session ADD COLUMN last_seen_at timestamptz;
ALTER TABLE user_session ALTER COLUMN last_seen_at SET DEFAULT now();
