-- Login sessions are now stored by the SHA-256 hash of the cookie's token, never the token itself
-- (Lucia v3's advice: a copy of this table must open no one's session). Sessions stored the old way
-- hold the token as their id and can never match a hash: delete them. Everyone signs in again once.
DELETE FROM user_session;

-- A guest's CSRF secret now lives in its own cookie, and a guest session is stored only once it has
-- state to keep. Rows that held nothing but a CSRF secret (one per token fetch) are of no use now.
DELETE FROM session WHERE NOT (sess::jsonb ? 'guestKey' OR sess::jsonb ? 'capture');
