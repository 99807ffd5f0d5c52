-- When each login session began, by the database's clock. A logout made offline is retried later
-- (web/features/auth/pendingLogout.ts); it must never end a session that began after the rep logged
-- out (they signed in again in the meantime), so the retry asks how long ago the current one began.
-- Sessions that began before this column existed stay NULL, 'long ago': a waiting logout still ends them.
ALTER TABLE user_session ADD COLUMN created_at timestamptz;
ALTER TABLE user_session ALTER COLUMN created_at SET DEFAULT now();
