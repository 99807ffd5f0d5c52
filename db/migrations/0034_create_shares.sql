-- Share links: a read-only snapshot of a chat or of one of its replies (a flow's result, an email)
-- at /s/<id>, as it was when shared. Private (only its rep opens it) until the rep lets anyone with
-- the link read it, until `expires_at` (none: never). The id is 128 random bits, looked up by its
-- SHA-256 (`id_hash`) so a lookup's time says nothing of how close a guess came. Revoking, deleting
-- the chat, or deleting the account takes the content away at once: a revoked row keeps only what
-- the 410 page and the rep's list need.
CREATE TABLE shares (
  id_hash bytea PRIMARY KEY,
  id text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  chat_id text NOT NULL REFERENCES chats (id) ON DELETE CASCADE,
  -- The reply shared, or NULL for the whole chat.
  message_id integer REFERENCES messages (id) ON DELETE CASCADE,
  title text NOT NULL,
  -- What the page shows: Markdown, and when it is an email, its subject apart.
  content text,
  email_subject text,
  -- The name the rep chose to show on the page ('Made with Pitchpad by …'); none by default.
  shown_name text,
  anyone boolean NOT NULL DEFAULT false,
  expires_at timestamptz,
  snapshot_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  views integer NOT NULL DEFAULT 0,
  last_viewed_at timestamptz,
  CHECK (revoked_at IS NOT NULL OR content IS NOT NULL)
);

CREATE INDEX shares_user_idx ON shares (user_id, created_at DESC);
CREATE INDEX shares_chat_idx ON shares (chat_id);
