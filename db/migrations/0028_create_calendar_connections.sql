-- The rep's calendar: the secret iCal address they pasted (encrypted as the model key is), what the
-- last fetch learnt (ETag, Last-Modified, so an unchanged calendar is not read again), the meetings
-- of the last good read, and the last problem, said on the account page while the last good
-- meetings stay.
CREATE TABLE calendar_connections (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  url_encrypted text NOT NULL,
  -- The address's host, to show which calendar is connected without opening the secret.
  host text NOT NULL,
  etag text,
  last_modified text,
  meetings jsonb NOT NULL DEFAULT '[]',
  fetched_at timestamptz,
  good_at timestamptz,
  problem text,
  created_at timestamptz NOT NULL DEFAULT now()
);
