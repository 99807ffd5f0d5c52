-- Password reset by email: one pending link per account at most (a newer request replaces the
-- older one). Only the SHA-256 hash of the link's token is kept, so a copy of this table opens no
-- account; the row goes when the link is used, and a link past expires_at opens nothing.
CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
