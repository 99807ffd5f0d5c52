-- Web Push: the meeting reminders on the rep's phone. The server's key pair that signs every message,
-- and the browsers that asked for them.

-- The server's one VAPID key pair: a push service takes a message for a subscription only when it is
-- signed with the private key whose public key the browser subscribed with. Made at first start and
-- kept, so every subscription outlives a restart and any instance can send to it. The private key
-- is encrypted under SESSION_SECRET as the model key is; the one-row rule is the primary key.
CREATE TABLE push_vapid_keys (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  public_key text NOT NULL,
  private_key_encrypted text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A browser where a rep allowed notifications: its push service's address for it (the endpoint, a
-- secret in itself) and the keys a message is encrypted with. One browser belongs to the last rep who
-- subscribed there. last_ok_at: when a push service last took a message for it.
CREATE TABLE push_subscriptions (
  endpoint text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  -- The device and browser as the devices list names them ('iPhone · Safari'), never the raw
  -- User-Agent: enough to say in the log which of a rep's browsers a push service refused.
  device text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_ok_at timestamptz
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id, created_at DESC);
