-- Idea analyses made on the landing page. A guest's are kept against their guest session and move
-- to the account they register or log in with from that browser.
CREATE TABLE idea_analyses (
  id serial PRIMARY KEY,
  guest_key text,
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  idea text NOT NULL,
  summary jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (guest_key IS NOT NULL OR user_id IS NOT NULL)
);
CREATE INDEX idea_analyses_guest_idx ON idea_analyses (guest_key) WHERE user_id IS NULL;
CREATE INDEX idea_analyses_user_idx ON idea_analyses (user_id);

-- The 'Send me updates' choice of the save-analysis prompt.
ALTER TABLE users ADD COLUMN wants_updates boolean NOT NULL DEFAULT false;
