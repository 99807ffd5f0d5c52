-- Lucia's login sessions.
CREATE TABLE user_session (
  id text PRIMARY KEY,
  expires_at timestamptz NOT NULL,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE
);
CREATE INDEX user_session_user_id_idx ON user_session (user_id);

-- The spec's session table: koa-session's store for the guest session and the CSRF secret.
CREATE TABLE session (
  sid varchar PRIMARY KEY,
  sess json NOT NULL,
  expire timestamp(6) NOT NULL
);
CREATE INDEX session_expire_idx ON session (expire);
