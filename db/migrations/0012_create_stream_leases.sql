-- Fair use: a row per model stream a user has running (a chat reply, a regenerate, a competitor
-- analysis, a GTM plan, an idea analysis), shared by every instance. The holder refreshes
-- heartbeat_at while it runs and deletes the row when done; a row whose heartbeat stopped (its
-- process died) no longer counts and is deleted by the next acquire for that user.
CREATE TABLE stream_leases (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  heartbeat_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stream_leases_user_id ON stream_leases (user_id);
