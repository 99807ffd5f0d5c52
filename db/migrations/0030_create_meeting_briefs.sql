-- The rep's time zone (the phone's, sent as they use the app): the evening before a meeting and a
-- reminder's '14:00' are in it.
ALTER TABLE calendar_connections ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC';

-- A prep brief per meeting (its occurrence's id), made ahead by the background job: when the
-- meeting appears, again the evening before and two hours before. One instance makes it at a time:
-- it holds the row's lease (lease_token, until lease_until) while it does, and a brief made after
-- the moment due is not made again. wanted: asked for by the rep (an internal meeting gets none
-- unless asked). problem, tried_at: the last try failed and why; it is tried again 10 minutes later.
-- reminded_for: the start its 30-minute reminder was sent for (once, whichever instance sends it;
-- a meeting moved to another time is reminded again).
CREATE TABLE meeting_briefs (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  meeting_id text NOT NULL,
  meeting_start timestamptz NOT NULL,
  wanted boolean NOT NULL DEFAULT false,
  brief jsonb,
  made_at timestamptz,
  lease_token text,
  lease_until timestamptz,
  problem text,
  tried_at timestamptz,
  reminded_for timestamptz,
  PRIMARY KEY (user_id, meeting_id)
);
CREATE INDEX meeting_briefs_start_idx ON meeting_briefs (meeting_start);
